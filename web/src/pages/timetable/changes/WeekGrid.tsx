import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LessonChangeOptions } from '@campus/contract';
import { WeekTable, slotKey, type Slot } from '../../../components/WeekTable/index.ts';

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
    <WeekTable
      days={days}
      periods={periods}
      corner={t('lessonChangeUi.period')}
      wrapClassName="lesson-change-grid-wrap"
      cornerClassName="lesson-change-grid-corner"
      periodClassName="lesson-change-grid-period"
      className="lesson-change-grid"
      data-testid="lesson-change-grid"
      data-picking={picking}
      renderCell={({ day, period, slot, key }) => {
        const cell = bySlot.get(key) ?? [];
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
        return {
          props: { className: classes, 'data-testid': `lesson-change-cell-${key}`, 'data-mine': mine || undefined },
          content: pickable(slot, cell) ? (
            <button
              type="button"
              className="lesson-change-cell-button"
              aria-label={cell.length ? `${label} ${cell.map((lesson) => lesson.courseName).join(' ')}` : `${label} ${t('lessonChangeUi.free')}`}
              aria-pressed={isFrom || isTo || isAt}
              onClick={() => onPick?.(slot)}
              data-testid={`lesson-change-pick-${key}`}
            >
              {content}
            </button>
          ) : (
            <div className="lesson-change-cell-body">{content}</div>
          ),
        };
      }}
    />
  );
}
