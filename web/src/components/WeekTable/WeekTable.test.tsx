import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { WeekTable, parseSlot, slotKey, type WeekTableSlot } from './index.ts';

const DAYS = [
  { day: 1, name: 'Monday' },
  { day: 2, name: 'Tuesday' },
];
const PERIODS = [
  { sort: 1, name: 'Period 1' },
  { sort: 2, name: 'Period 2' },
  { sort: 3, name: 'Period 3' },
];

describe('slots', () => {
  it('keys a slot as day-period and reads the key back; anything else is no slot', () => {
    expect(slotKey({ day: 2, period: 3 })).toBe('2-3');
    expect(parseSlot('2-3')).toEqual({ day: 2, period: 3 });
    expect(parseSlot(slotKey({ day: 7, period: 12 }))).toEqual({ day: 7, period: 12 });
    for (const value of ['', '2', '0-3', '2-x', 'a-b', 23, undefined, null]) expect(parseSlot(value)).toBeUndefined();
  });
});

describe('WeekTable', () => {
  it('heads the days across and the periods down, and hands each cell its day, period, slot and key', () => {
    const renderCell = vi.fn(({ key }: WeekTableSlot) => ({ content: <span>cell {key}</span> }));
    render(
      <WeekTable
        days={DAYS}
        periods={PERIODS}
        corner="Period"
        wrapClassName="my-wrap"
        cornerClassName="my-corner"
        periodClassName="my-period"
        className="my-grid"
        data-testid="my-grid"
        data-kind="class"
        aria-label="The week"
        renderCell={renderCell}
      />,
    );
    const grid = screen.getByTestId('my-grid');
    expect(grid.tagName).toBe('TABLE');
    expect(grid).toHaveClass('my-grid');
    expect(grid).toHaveAttribute('data-kind', 'class');
    expect(grid).toHaveAttribute('aria-label', 'The week');
    expect(grid.parentElement).toHaveClass('my-wrap');

    const columns = within(grid).getAllByRole('columnheader');
    expect(columns.map((th) => th.textContent)).toEqual(['Period', 'Monday', 'Tuesday']);
    expect(columns.every((th) => th.getAttribute('scope') === 'col')).toBe(true);
    expect(columns[0]).toHaveClass('my-corner');
    const rows = within(grid).getAllByRole('rowheader');
    expect(rows.map((th) => th.textContent)).toEqual(['Period 1', 'Period 2', 'Period 3']);
    expect(rows.every((th) => th.getAttribute('scope') === 'row' && th.className === 'my-period')).toBe(true);

    // Rows are periods, columns days: the second row's cells are Monday's and Tuesday's period 2.
    const secondRow = within(grid).getAllByRole('row')[2]!;
    expect(within(secondRow).getAllByRole('cell').map((td) => td.textContent)).toEqual(['cell 1-2', 'cell 2-2']);
    expect(renderCell).toHaveBeenCalledTimes(DAYS.length * PERIODS.length);
    expect(renderCell).toHaveBeenCalledWith({ day: DAYS[1], period: PERIODS[2], slot: { day: 2, period: 3 }, key: '2-3' });
  });

  it("puts a cell's props on its <td>: class, test id, data and aria attributes, handlers", () => {
    const onClick = vi.fn();
    const onDrop = vi.fn();
    render(
      <WeekTable
        days={DAYS}
        periods={PERIODS.slice(0, 1)}
        corner="Period"
        wrapClassName="my-wrap"
        renderCell={({ key, slot }) => ({
          content: key,
          props: {
            className: slot.day === 2 ? 'is-busy' : undefined,
            'data-testid': `cell-${key}`,
            'data-busy': slot.day === 2 || undefined,
            'aria-label': `Day ${slot.day}`,
            onClick: () => onClick(slot),
            onDrop: () => onDrop(key),
          },
        })}
      />,
    );
    const monday = screen.getByTestId('cell-1-1');
    const tuesday = screen.getByTestId('cell-2-1');
    expect(monday.tagName).toBe('TD');
    expect(monday).not.toHaveAttribute('class');
    expect(monday).not.toHaveAttribute('data-busy');
    expect(monday).toHaveAttribute('aria-label', 'Day 1');
    expect(tuesday).toHaveClass('is-busy');
    expect(tuesday).toHaveAttribute('data-busy', 'true');
    fireEvent.click(tuesday);
    expect(onClick).toHaveBeenCalledWith({ day: 2, period: 1 });
    fireEvent.drop(monday);
    expect(onDrop).toHaveBeenCalledWith('1-1');
  });
});
