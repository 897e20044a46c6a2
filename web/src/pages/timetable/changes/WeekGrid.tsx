import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LessonChangeOptions } from '@campus/contract';

/** A day and a period of the week. */
export interface Slot {
  day: number;
  period: number;
}

export const slotKey = (slot: Slot) => `${slot.day}-${slot.period}`;

/** '2-3' → { day: 2, period: 3 }; anything else → undefined. */
export function parseSlot(value: unknown): Slot | undefined {
  if (typeof value !== 'string') return undefined;
  const [day, period] = value.split('-').map(Number);
  return day && period ? { day, period } : undefined;
}

const same = (a: Slot | undefined, b: Slot) => !!a && a.day === b.day && a.period === b.period;

export interface WeekGridProps {
  days: LessonChangeOptions['days'];
  periods: LessonChangeOptions['periods'];
  lessons: LessonChangeOptions['lessons'];
  /**
   * What a click picks: 'from' one of the caller's lessons, 'to' any other period (a swap), 'at' any period
   * (a make-up); 'none' shows the week only.
   */
  picking: 'from' | 'to' | 'at' | 'none';
  from?: Slot;
  to?: Slot;
  at?: Slot;
  onPick?: (slot: Slot) => void;
}

/**
 * A class's week as a small grid (periods down, teaching days across): each lesson with its course and teacher,
 * the caller's own highlighted; the chosen periods tagged. The periods a click may pick are buttons.
 */
export function WeekGrid({ days, periods, lessons, picking, from, to, at, onPick }: WeekGridProps) {
  const { t } = useTranslation();
  const bySlot = new Map<string, LessonChangeOptions['lessons']>();
  for (const lesson of lessons) {
    const key = slotKey(lesson);
    bySlot.set(key, [...(bySlot.get(key) ?? []), lesson]);
  }

  const pickable = (slot: Slot, cell: LessonChangeOptions['lessons']) => {
    if (!onPick) return false;
    if (picking === 'from') return cell.some((lesson) => lesson.mine);
    if (picking === 'to') return !same(from, slot);
    return picking === 'at';
  };

  return (
    <div className="lesson-change-grid-wrap">
      <table className="lesson-change-grid" data-testid="lesson-change-grid" data-picking={picking}>
        <thead>
          <tr>
            <th className="lesson-change-grid-corner" scope="col">
              {t('lessonChangeUi.period')}
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
              <th scope="row" className="lesson-change-grid-period">
                {period.name}
              </th>
              {days.map((day) => {
                const slot: Slot = { day: day.day, period: period.sort };
                const cell = bySlot.get(slotKey(slot)) ?? [];
                const isFrom = same(from, slot);
                const isTo = same(to, slot);
                const isAt = same(at, slot);
                const mine = cell.some((lesson) => lesson.mine);
                const classes = ['lesson-change-cell', mine && 'is-mine', (isFrom || isTo || isAt) && 'is-chosen', cell.length === 0 && 'is-free'].filter(Boolean).join(' ');
                const label = t('lessonChangeUi.slot', { day: day.name, period: period.name });
                const content = (
                  <>
                    {cell.map((lesson, index) => (
                      <span key={index} className="lesson-change-lesson">
                        <span className="lesson-change-lesson-course">{lesson.courseName}</span>
                        {lesson.teacherName && <span className="lesson-change-lesson-teacher">{lesson.teacherName}</span>}
                      </span>
                    ))}
                    {(isFrom || isTo || isAt) && (
                      <span className="lesson-change-marks">
                        {isFrom && (
                          <Tag color="red" className="lesson-change-tag">
                            {t('lessonChangeUi.fromTag')}
                          </Tag>
                        )}
                        {isTo && (
                          <Tag color="green" className="lesson-change-tag">
                            {t('lessonChangeUi.toTag')}
                          </Tag>
                        )}
                        {isAt && (
                          <Tag color="green" className="lesson-change-tag">
                            {t('lessonChangeUi.makeUpTag')}
                          </Tag>
                        )}
                      </span>
                    )}
                  </>
                );
                return (
                  <td key={day.day} className={classes} data-testid={`lesson-change-cell-${slotKey(slot)}`} data-mine={mine || undefined}>
                    {pickable(slot, cell) ? (
                      <button
                        type="button"
                        className="lesson-change-cell-button"
                        aria-label={cell.length ? `${label} ${cell.map((lesson) => lesson.courseName).join(' ')}` : `${label} ${t('lessonChangeUi.free')}`}
                        aria-pressed={isFrom || isTo || isAt}
                        onClick={() => onPick?.(slot)}
                        data-testid={`lesson-change-pick-${slotKey(slot)}`}
                      >
                        {content}
                      </button>
                    ) : (
                      <div className="lesson-change-cell-body">{content}</div>
                    )}
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
