import { Fragment, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Empty, Select, Space, Spin, Tag, Tooltip } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DayColumn, ElectiveCell, TimetableCell, TimetableTarget } from '../../api/timetable.ts';
import { TeacherLink } from '../StaffDialog/TeacherLink.tsx';
import { useTimetable, weekNumbers } from './useTimetable.ts';
import './timetable.css';

export interface TimetableViewProps {
  /** Whose timetable: a student (xh), a teacher (staff number), a class (class code) or a classroom. */
  target: TimetableTarget | null | undefined;
  /** A date (YYYY-MM-DD) whose week is shown instead of the current week (student view). */
  date?: string;
  /** Teacher names in cells open the staff profile (default true). */
  teacherLinks?: boolean;
  /** Show the invigilation tab in staff profiles opened from this timetable (default: staff callers). */
  showInvigilation?: boolean;
  /** Extra controls on the toolbar's right (a date picker, a staff picker, …). */
  extra?: ReactNode;
  className?: string;
  /**
   * Marks on slots of the shown week (the lessons a student misses on leave): asked again whenever the
   * term or the week changes.
   */
  slotMarks?: (term: string, week: number, signal: AbortSignal) => Promise<SlotMark[]>;
}

/** A mark on one slot of the week: the week day (zc) and period (jc) and what it says. */
export interface SlotMark {
  zc: number | string;
  jc: number | string;
  label: string;
  title?: string;
}

const slot = (day: string | number, period: string | number) => `${String(day)}|${String(period)}`;

/** Cells grouped by week day and period. */
export function groupCells(cells: readonly TimetableCell[], electives: readonly ElectiveCell[]) {
  const byCell = new Map<string, TimetableCell[]>();
  for (const cell of cells) {
    const key = slot(cell.zc, cell.jc);
    byCell.set(key, [...(byCell.get(key) ?? []), cell]);
  }
  const byElective = new Map<string, ElectiveCell[]>();
  for (const item of electives) {
    const key = slot(item.x, item.y);
    byElective.set(key, [...(byElective.get(key) ?? []), item]);
  }
  return { byCell, byElective };
}

/** The course name: kcmc, else bq3. */
export const courseName = (cell: TimetableCell): string => cell.kcmc || cell.bq3 || '';
/** The teacher: rkjsmc, else outRkjsmc; the staff number when the server sends it. */
export const teacherOf = (cell: TimetableCell): { name: string; zgh: string } => ({
  name: cell.rkjsmc || cell.outRkjsmc || '',
  zgh: cell.rkjs || cell.outRkjs || cell.zgh || '',
});

const DAY_KEYS: Record<string, string> = {
  '1': 'timetable.day1',
  '2': 'timetable.day2',
  '3': 'timetable.day3',
  '4': 'timetable.day4',
  '5': 'timetable.day5',
  '6': 'timetable.day6',
  '7': 'timetable.day7',
};

/**
 * The timetable view for a student, a teacher or a class (spec section 4): term and week selects, weekly
 * hours, the period × week-day grid with course cells and, marked apart, elective cells. Teacher names
 * are staff-profile links.
 */
export function TimetableView({ target, date, teacherLinks = true, showInvigilation, extra, className, slotMarks }: TimetableViewProps) {
  const { t } = useTranslation();
  const tt = useTimetable({ target, date });
  const { byCell, byElective } = useMemo(() => groupCells(tt.data?.data ?? [], tt.data?.xxk ?? []), [tt.data]);
  const weeks = weekNumbers(tt.zs);
  const [marks, setMarks] = useState<{ key: string; byslot: Map<string, SlotMark> } | null>(null);
  const marksKey = `${tt.xnxq}|${tt.week ?? ''}|${target ? JSON.stringify(target) : ''}`;
  useEffect(() => {
    if (!slotMarks || !tt.xnxq || !tt.week || !target) return;
    const controller = new AbortController();
    slotMarks(tt.xnxq, tt.week, controller.signal)
      .then((list) => setMarks({ key: marksKey, byslot: new Map(list.map((mark) => [slot(mark.zc, mark.jc), mark])) }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [slotMarks, tt.xnxq, tt.week, target, marksKey]);
  // Marks of another week or term are never shown while the new ones load.
  const markOf = (key: string) => (marks?.key === marksKey ? marks.byslot.get(key) : undefined);
  // The server names the days in the caller's language; the client's names stand in when it sends none.
  const dayName = (day: DayColumn) => day.NAME || (DAY_KEYS[day.CODE] ? t(DAY_KEYS[day.CODE]) : day.CODE);

  // A teacher's own timetable does not repeat the teacher; a class's (or student's) does not repeat the class.
  const ownTeacher = target?.kind === 'teacher' ? target.zgh : '';
  const showClass = target?.kind === 'teacher' || target?.kind === 'classroom';

  const renderCell = (cell: TimetableCell, index: number) => {
    const teacher = teacherOf(cell);
    const showTeacher = !!teacher.name && !(ownTeacher && (!teacher.zgh || teacher.zgh === ownTeacher));
    const place = [showClass ? cell.bjmc : '', cell.jsmc].filter(Boolean).join(' · ');
    return (
      <div className="campus-timetable-course" key={`c${index}`} data-testid="timetable-course">
        <div className="campus-timetable-course-name">
          {courseName(cell)}
          {cell.bq1 ? <Tag className="campus-timetable-label">{cell.bq1}</Tag> : null}
        </div>
        {showTeacher ? (
          <div className="campus-timetable-teacher">
            {teacherLinks ? <TeacherLink zgh={teacher.zgh} name={teacher.name} showInvigilation={showInvigilation} /> : teacher.name}
          </div>
        ) : null}
        {place ? <div className="campus-timetable-place">{place}</div> : null}
      </div>
    );
  };

  const renderElective = (item: ElectiveCell, index: number) => (
    <div className="campus-timetable-course is-elective" key={`e${index}`} data-testid="timetable-elective">
      <Tag color="orange" className="campus-timetable-label">
        {t('timetable.elective')}
      </Tag>
      <span className="campus-timetable-course-name">{item.name}</span>
    </div>
  );

  const week = tt.week;
  return (
    <div className={`campus-timetable${className ? ` ${className}` : ''}`} data-testid="timetable">
      <div className="campus-timetable-toolbar">
        <Space wrap>
          <span className="campus-timetable-field">
            <span className="campus-timetable-field-label">{t('timetable.term')}</span>
            <Select
              className="campus-timetable-term"
              data-testid="timetable-term"
              value={tt.xnxq || undefined}
              placeholder={t('timetable.term')}
              options={tt.terms.map((term) => ({ value: term.D_ID_, label: term.MC }))}
              onChange={(value: string) => tt.setTerm(value)}
              popupMatchSelectWidth={false}
              aria-label={t('timetable.term')}
            />
          </span>
          <span className="campus-timetable-field">
            <span className="campus-timetable-field-label">{t('timetable.week')}</span>
            <Tooltip title={t('timetable.previousWeek')}>
              <Button
                icon={<LeftOutlined />}
                disabled={!week || week <= 1}
                onClick={() => week && tt.setWeek(week - 1)}
                aria-label={t('timetable.previousWeek')}
                data-testid="timetable-prev-week"
              />
            </Tooltip>
            <Select
              className="campus-timetable-week"
              data-testid="timetable-week"
              value={week ?? undefined}
              placeholder={t('timetable.week')}
              options={weeks.map((n) => ({ value: n, label: t('timetable.weekN', { n }) }))}
              onChange={(value: number) => tt.setWeek(value)}
              aria-label={t('timetable.week')}
            />
            <Tooltip title={t('timetable.nextWeek')}>
              <Button
                icon={<RightOutlined />}
                disabled={!week || week >= tt.zs}
                onClick={() => week && tt.setWeek(week + 1)}
                aria-label={t('timetable.nextWeek')}
                data-testid="timetable-next-week"
              />
            </Tooltip>
          </span>
          {tt.data ? (
            <Tag color="green" className="campus-timetable-hours" data-testid="timetable-hours">
              {t('timetable.weeklyHours', { n: tt.data.zxs })}
            </Tag>
          ) : null}
        </Space>
        {extra ? <div className="campus-timetable-extra">{extra}</div> : null}
      </div>
      <Spin spinning={tt.loading}>
        {tt.grid && tt.grid.jc.length > 0 && tt.grid.zc.length > 0 ? (
          <div className="campus-timetable-scroll">
            <table className="campus-timetable-grid" data-testid="timetable-grid">
              <thead>
                <tr>
                  <th className="campus-timetable-corner">{t('timetable.period')}</th>
                  {tt.grid.zc.map((day) => (
                    <th key={day.CODE}>{dayName(day)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {tt.grid.jc.map((period) => (
                  <tr key={period.PX}>
                    <th className="campus-timetable-period">
                      <div>{period.MC}</div>
                      {period.SKSJD ? <div className="campus-timetable-time">{period.SKSJD}</div> : null}
                    </th>
                    {tt.grid!.zc.map((day) => {
                      const key = slot(day.CODE, period.PX);
                      const cells = byCell.get(key) ?? [];
                      const electives = byElective.get(key) ?? [];
                      const mark = markOf(key);
                      const classes = [electives.length ? 'has-elective' : '', mark ? 'has-mark' : ''].filter(Boolean).join(' ');
                      return (
                        <td key={key} data-slot={key} className={classes || undefined}>
                          <Fragment>
                            {mark ? (
                              <Tooltip title={mark.title}>
                                <Tag color="red" className="campus-timetable-mark" data-testid="timetable-mark">
                                  {mark.label}
                                </Tag>
                              </Tooltip>
                            ) : null}
                            {cells.map(renderCell)}
                            {electives.map(renderElective)}
                          </Fragment>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <Empty description={tt.failed ? t('timetable.failed') : t('timetable.empty')} />
        )}
        {tt.data && tt.data.data.length === 0 && tt.data.xxk.length === 0 ? (
          <div className="campus-timetable-none" data-testid="timetable-none">
            {t('timetable.noLessons')}
          </div>
        ) : null}
      </Spin>
    </div>
  );
}
