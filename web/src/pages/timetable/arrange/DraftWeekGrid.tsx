import { useState, type DragEvent } from 'react';
import { Button, Dropdown, Tag, Tooltip, type MenuProps } from 'antd';
import { DeleteOutlined, LockOutlined, MoreOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DraftGrid, DraftLesson } from '@campus/contract';
import type { GridKind } from '../../../api/timetableArrange.ts';
import { WeekTable, slotKey, type Slot } from '../../../components/WeekTable/index.ts';
import { i18n } from '../../../i18n/index.ts';
import { DRAG_TYPE, decodeSource, encodeSource, sameSource, toDecoded, type DecodedSource, type Source } from './source.ts';

export interface DraftWeekGridProps {
  grid: DraftGrid;
  kind: GridKind;
  /** Lessons can be dragged, picked and changed. */
  editable: boolean;
  /** What a click picked to move (highlighted); the cells are then targets. */
  picked: Source | null;
  onPick: (source: Source | null) => void;
  /** A lesson or an unplaced hour dropped (or clicked) onto a period. */
  onDrop: (slot: Slot, source: DecodedSource) => void;
  onLessonAction: (lesson: DraftLesson, action: 'lock' | 'unlock' | 'remove') => void;
}

/** The lesson's lines under its course: what the view does not already say. */
function lessonLines(lesson: DraftLesson, kind: GridKind): string[] {
  const lines = kind === 'class' ? [lesson.teacherName, lesson.classroomName] : kind === 'teacher' ? [lesson.className, lesson.classroomName] : [lesson.className, lesson.teacherName];
  return lines.filter(Boolean);
}

/** The names of odd or even weeks in both languages. */
const parityNames = (parity: Exclude<DraftLesson['weekParity'], 'all'>) => [i18n.getFixedT('zh')(`arrangeUi.parity.${parity}`), i18n.getFixedT('en')(`arrangeUi.parity.${parity}`)];

/** Starts dragging a lesson or an unplaced hour (the grid's cells and the side panel's items). */
export function startDrag(event: DragEvent, source: Source): void {
  const value = encodeSource(source);
  event.dataTransfer.setData(DRAG_TYPE, value);
  event.dataTransfer.setData('text/plain', value);
  event.dataTransfer.effectAllowed = 'move';
}

/**
 * A draft's week for one class, teacher or room (teaching days across, periods down). Each lesson is a card:
 * its course, the class or teacher the view does not name, its room, a lock when locked, odd or even weeks.
 * Times taken outside the draft are greyed with what takes them. When editable, a card is dragged onto any
 * period, or clicked and then the period clicked (Escape gives up); its menu locks, unlocks or removes it.
 */
export function DraftWeekGrid({ grid, kind, editable, picked, onPick, onDrop, onLessonAction }: DraftWeekGridProps) {
  const { t } = useTranslation();
  const [over, setOver] = useState<string | null>(null);
  const bySlot = new Map<string, DraftLesson[]>();
  for (const lesson of grid.lessons) bySlot.set(slotKey(lesson), [...(bySlot.get(slotKey(lesson)) ?? []), lesson]);
  const busyBySlot = new Map<string, string[]>();
  for (const busy of grid.busy) busyBySlot.set(slotKey(busy), [...(busyBySlot.get(slotKey(busy)) ?? []), busy.what]);

  const dragOver = (event: DragEvent, key: string) => {
    if (!editable) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (over !== key) setOver(key);
  };
  const drop = (event: DragEvent, slot: Slot) => {
    if (!editable) return;
    event.preventDefault();
    setOver(null);
    const source = decodeSource(event.dataTransfer.getData(DRAG_TYPE) || event.dataTransfer.getData('text/plain'));
    if (source) onDrop(slot, source);
  };
  const clickTarget = (slot: Slot) => {
    if (!picked) return;
    if (picked.type === 'lesson' && picked.lesson.day === slot.day && picked.lesson.period === slot.period) {
      onPick(null);
      return;
    }
    onDrop(slot, toDecoded(picked));
  };

  const menuOf = (lesson: DraftLesson): MenuProps => ({
    items: [
      lesson.locked
        ? { key: 'unlock', icon: <UnlockOutlined />, label: <span data-testid="arrange-lesson-unlock">{t('arrangeUi.unlock')}</span> }
        : { key: 'lock', icon: <LockOutlined />, label: <span data-testid="arrange-lesson-lock">{t('arrangeUi.lock')}</span> },
      { key: 'remove', icon: <DeleteOutlined />, danger: true, label: <span data-testid="arrange-lesson-remove">{t('arrangeUi.remove')}</span> },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      onLessonAction(lesson, key as 'lock' | 'unlock' | 'remove');
    },
  });

  const card = (lesson: DraftLesson) => {
    const source: Source = { type: 'lesson', lesson };
    // A label that only names the lesson's odd or even weeks (as copied timetables have) is said by the parity tag already.
    const label = lesson.label && !(lesson.weekParity !== 'all' && parityNames(lesson.weekParity).includes(lesson.label)) ? lesson.label : '';
    const isPicked = sameSource(picked, source);
    const lines = lessonLines(lesson, kind);
    const body = (
      <>
        <span className="arrange-lesson-course">
          {lesson.courseName}
          {lesson.locked && <LockOutlined className="arrange-lesson-lock" aria-label={t('arrangeUi.locked')} data-testid={`arrange-lesson-locked-${lesson.id}`} />}
        </span>
        {lines.map((line, index) => (
          <span key={index} className="arrange-lesson-line">
            {line}
          </span>
        ))}
        {(lesson.weekParity !== 'all' || label) && (
          <span className="arrange-lesson-tags">
            {lesson.weekParity !== 'all' && (
              <Tag color="purple" className="arrange-tag">
                {t(`arrangeUi.parity.${lesson.weekParity}`)}
              </Tag>
            )}
            {label && <Tag className="arrange-tag">{label}</Tag>}
          </span>
        )}
      </>
    );
    const name = [lesson.courseName, ...lines, lesson.locked ? t('arrangeUi.locked') : ''].filter(Boolean).join(' ');
    return (
      <div
        key={lesson.id}
        className={['arrange-lesson', isPicked && 'is-picked', lesson.locked && 'is-locked', editable && 'is-editable'].filter(Boolean).join(' ')}
        draggable={editable}
        onDragStart={editable ? (event) => startDrag(event, source) : undefined}
        onDragEnd={() => setOver(null)}
        data-testid={`arrange-lesson-${lesson.id}`}
        data-lesson-id={lesson.id}
        data-class-id={lesson.classId}
        data-activity-id={lesson.activityId ?? undefined}
        data-course={lesson.courseName}
        data-locked={lesson.locked || undefined}
        data-parity={lesson.weekParity}
      >
        {editable ? (
          <button type="button" className="arrange-lesson-main" aria-pressed={isPicked} aria-label={t('arrangeUi.pickLesson', { lesson: name })} onClick={() => onPick(isPicked ? null : source)} data-testid={`arrange-lesson-pick-${lesson.id}`}>
            {body}
          </button>
        ) : (
          <div className="arrange-lesson-main">{body}</div>
        )}
        {editable && (
          <Dropdown menu={menuOf(lesson)} trigger={['click']} placement="bottomRight">
            <Button type="text" size="small" className="arrange-lesson-menu" icon={<MoreOutlined />} aria-label={t('arrangeUi.lessonActions', { lesson: lesson.courseName })} data-testid={`arrange-lesson-menu-${lesson.id}`} />
          </Dropdown>
        )}
      </div>
    );
  };

  return (
    <WeekTable
      days={grid.days}
      periods={grid.periods}
      corner={t('arrangeUi.period')}
      wrapClassName="arrange-grid-wrap"
      cornerClassName="arrange-grid-corner"
      periodClassName="arrange-grid-period"
      className={['arrange-grid', picked && 'is-picking'].filter(Boolean).join(' ')}
      data-testid="arrange-grid"
      data-kind={kind}
      data-editable={editable}
      renderCell={({ day, period, slot, key }) => {
        const lessons = bySlot.get(key) ?? [];
        const busy = busyBySlot.get(key) ?? [];
        const classes = ['arrange-cell', busy.length > 0 && 'is-busy', over === key && 'is-over', lessons.length === 0 && 'is-free'].filter(Boolean).join(' ');
        return {
          props: {
            className: classes,
            onDragOver: (event) => dragOver(event, key),
            onDragLeave: (event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver((value) => (value === key ? null : value));
            },
            onDrop: (event) => drop(event, slot),
            'data-testid': `arrange-cell-${key}`,
            'data-busy': busy.length > 0 || undefined,
          },
          content: (
            <div className="arrange-cell-body">
              {busy.length > 0 && (
                <Tooltip title={busy.join('; ')}>
                  <span className="arrange-busy" tabIndex={0} data-testid={`arrange-busy-${key}`}>
                    {busy.join('; ')}
                  </span>
                </Tooltip>
              )}
              {lessons.map(card)}
              {editable && picked && (
                <button
                  type="button"
                  className="arrange-cell-target"
                  aria-label={t(picked.type === 'lesson' ? 'arrangeUi.moveHere' : 'arrangeUi.placeHere', { day: day.name, period: period.name })}
                  onClick={() => clickTarget(slot)}
                  data-testid={`arrange-target-${key}`}
                />
              )}
            </div>
          ),
        };
      }}
    />
  );
}
