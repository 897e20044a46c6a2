import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { TEACHING_CLASS_LESSONS_MAX, type TeachingClassOptions, type TeachingLesson } from '@campus/contract';

type Grid = Pick<TeachingClassOptions, 'days' | 'periods'>;

/** Lessons in timetable order: by day, then by period. */
export function sortLessons(lessons: readonly TeachingLesson[]): TeachingLesson[] {
  return [...lessons].sort((a, b) => a.day - b.day || a.period - b.period);
}

/** "Monday, Period 5": a lesson with the day and period names of the school's timetable (the numbers when unknown). */
export function lessonLabel(lesson: TeachingLesson, grid: Grid | null | undefined, t: TFunction): string {
  const day = grid?.days.find((d) => d.day === lesson.day)?.name ?? String(lesson.day);
  const period = grid?.periods.find((p) => p.sort === lesson.period)?.name ?? String(lesson.period);
  return t('teachingClass.lessonAt', { day, period });
}

export interface LessonGridProps {
  value?: TeachingLesson[];
  onChange?: (value: TeachingLesson[]) => void;
  /** The teaching days and periods of the timetable. */
  grid: Grid;
  id?: string;
}

/**
 * The weekly lessons of a teaching class as a timetable grid: periods down, days across, a tick per lesson
 * (at most TEACHING_CLASS_LESSONS_MAX). The grid scrolls sideways on a narrow screen. Read-only inside a
 * disabled form (the ticks take the form's disabled state).
 */
export function LessonGrid({ value = [], onChange, grid, id }: LessonGridProps) {
  const { t } = useTranslation();
  const chosen = new Set(value.map((lesson) => `${lesson.day}:${lesson.period}`));
  const full = value.length >= TEACHING_CLASS_LESSONS_MAX;

  const toggle = (day: number, period: number, on: boolean) => {
    const rest = value.filter((lesson) => !(lesson.day === day && lesson.period === period));
    onChange?.(sortLessons(on ? [...rest, { day, period }] : rest));
  };

  if (!grid.days.length || !grid.periods.length) return <div className="teaching-lesson-empty">{t('teachingClassPage.noTimetable')}</div>;

  return (
    <div className="teaching-lesson-grid" id={id} data-testid="teaching-lesson-grid">
      <table>
        <thead>
          <tr>
            <th aria-hidden />
            {grid.days.map((day) => (
              <th key={day.day} scope="col">
                {day.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.periods.map((period) => (
            <tr key={period.sort}>
              <th scope="row">{period.name}</th>
              {grid.days.map((day) => {
                const checked = chosen.has(`${day.day}:${period.sort}`);
                return (
                  <td key={day.day}>
                    <Checkbox
                      checked={checked}
                      // Once the most lessons are ticked, only unticking stays possible.
                      disabled={full && !checked ? true : undefined}
                      aria-label={t('teachingClass.lessonAt', { day: day.name, period: period.name })}
                      onChange={(event) => toggle(day.day, period.sort, event.target.checked)}
                      data-testid={`teaching-lesson-${day.day}-${period.sort}`}
                    />
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
