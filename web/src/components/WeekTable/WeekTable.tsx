import type { ReactNode, TableHTMLAttributes, TdHTMLAttributes } from 'react';
import { slotKey, type Slot } from './slot.ts';

/** A teaching day, as the server lists the school's week. */
export interface WeekDay {
  day: number;
  name: string;
}

/** A period of the day, as the server lists them. */
export interface WeekPeriod {
  sort: number;
  name: string;
}

/** One cell of the week, as the screen's renderer is handed it. */
export interface WeekTableSlot {
  day: WeekDay;
  period: WeekPeriod;
  slot: Slot;
  /** slotKey(slot): what screens key their maps and test ids by. */
  key: string;
}

/** data-* attributes (test ids, states the CSS or the browser flows read). */
type DataAttributes = { [name: `data-${string}`]: string | number | boolean | undefined };

export type WeekCellProps = TdHTMLAttributes<HTMLTableCellElement> & DataAttributes;

/** What a cell shows, and the attributes of its <td> (class, test id, drop handlers, …). */
export interface WeekCell {
  content: ReactNode;
  props?: WeekCellProps;
}

export interface WeekTableProps extends Omit<TableHTMLAttributes<HTMLTableElement>, 'children'> {
  days: readonly WeekDay[];
  periods: readonly WeekPeriod[];
  /** The corner's heading, over the periods' column. */
  corner: ReactNode;
  /** The wrapper scrolls the table sideways on a narrow screen; each screen's CSS sizes its own table. */
  wrapClassName: string;
  cornerClassName?: string;
  periodClassName?: string;
  renderCell: (cell: WeekTableSlot) => WeekCell;
}

/**
 * The frame of a week on screens that edit or pick periods: the teaching days across, the periods down, one
 * cell per day and period drawn by the screen. It carries no style of its own, so every screen keeps its
 * look; the rest of the props (class, test id, data-*) go onto the <table>.
 */
export function WeekTable({ days, periods, corner, wrapClassName, cornerClassName, periodClassName, renderCell, ...tableProps }: WeekTableProps) {
  return (
    <div className={wrapClassName}>
      <table {...tableProps}>
        <thead>
          <tr>
            <th className={cornerClassName} scope="col">
              {corner}
            </th>
            {days.map((day) => (
              <th key={day.day} scope="col">
                {day.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {periods.map((period) => (
            <tr key={period.sort}>
              <th scope="row" className={periodClassName}>
                {period.name}
              </th>
              {days.map((day) => {
                const slot: Slot = { day: day.day, period: period.sort };
                const { content, props } = renderCell({ day, period, slot, key: slotKey(slot) });
                return (
                  <td key={day.day} {...props}>
                    {content}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
