import { Alert, Button, Collapse, Tag, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CHOICE_KINDS, type ChoiceKind, type ElectiveChoice, type ElectiveCourse, type SelectionSettings } from '@campus/contract';
import { slotText, weeksText } from '../common/parts.tsx';
import type { Refusal } from './SelectionPage.tsx';

/** Whether the course's seats are gone while places are given at once. */
export const isFull = (course: ElectiveCourse, settings: SelectionSettings | null) => settings?.mode === 'first_come' && course.enrolled >= course.capacity;

/**
 * Why the course cannot be chosen as `kind` now, '' when it can. The server decides in the end; these are the
 * reasons the page can see, so that a button is not offered only to be refused.
 */
export function chooseBlock(t: TFunction, course: ElectiveCourse, kind: ChoiceKind, settings: SelectionSettings | null, choices: readonly ElectiveChoice[]): string {
  if (!settings || settings.phase === 'none') return t('elective.noSettings');
  if (settings.phase === 'before') return t('electiveSelect.notOpenYet', { start: settings.selectionStart });
  if (settings.phase === 'closed') return t('electiveSelect.closedNow', { end: settings.selectionEnd });
  const other = choices.find((choice) => choice.kind !== kind);
  if (other?.sessionId === course.sessionId) return t('elective.sameCourse');
  const mine = choices.find((choice) => choice.kind === kind);
  if (mine && mine.sessionId !== course.sessionId) return t('electiveSelect.kindTaken', { kind: t(`electiveUi.kind.${kind}`), name: mine.name });
  if (isFull(course, settings)) return t('electiveSelect.full');
  return '';
}

export interface CourseCardProps {
  course: ElectiveCourse;
  settings: SelectionSettings | null;
  choices: readonly ElectiveChoice[];
  phone: boolean;
  /** `${kind}:${sessionId}` of the choice being sent. */
  busy: string | null;
  refusal: Refusal | null;
  onChoose: (sessionId: number, kind: ChoiceKind) => void;
  onDismiss: () => void;
}

/** An open course as a card: its facts, the seats, the intro and lectures, and the two ways to choose it. */
export function CourseCard({ course, settings, choices, phone, busy, refusal, onChoose, onDismiss }: CourseCardProps) {
  const { t } = useTranslation();
  const chosenAs = choices.find((choice) => choice.sessionId === course.sessionId)?.kind;
  const full = isFull(course, settings);
  // By lottery the seats are given after the window: until the draw, the preferences waiting tell the odds.
  const drawn = settings?.mode === 'lottery' && !!settings.drawnAt;
  const seats =
    settings?.mode === 'lottery' && !drawn
      ? t('electiveSelect.preferences', { waiting: course.waiting, capacity: course.capacity })
      : t('electiveSelect.seats', { enrolled: course.enrolled, capacity: course.capacity });
  const blocks = CHOICE_KINDS.map((kind) => (chosenAs === kind ? '' : chooseBlock(t, course, kind, settings, choices)));
  const reasons = [...new Set(blocks.filter(Boolean))];

  return (
    <article className={`elective-course-card${chosenAs ? ' is-chosen' : ''}`} data-testid={`elective-course-${course.sessionId}`}>
      <header className="elective-course-head">
        <span className="elective-course-name">{course.name}</span>
        {chosenAs && (
          <Tag color="green" className="elective-tag" data-testid={`elective-course-chosen-${course.sessionId}`}>
            {t('electiveSelect.chosenAs', { kind: t(`electiveUi.kind.${chosenAs}`) })}
          </Tag>
        )}
      </header>
      <dl className="elective-course-facts">
        <dt>{t('electiveUi.teacher')}</dt>
        <dd>{course.teacherName || '—'}</dd>
        <dt>{t('electiveUi.place')}</dt>
        <dd>{course.classroomName || '—'}</dd>
        <dt>{t('electiveUi.slotLabel')}</dt>
        <dd>{slotText(t, course.dayName, course.periodName)}</dd>
        <dt>{t('electiveUi.weeksLabel')}</dt>
        <dd>{weeksText(t, course.weekFrom, course.weekTo)}</dd>
        <dt>{t('electiveSelect.seatsLabel')}</dt>
        <dd className={full ? 'elective-full' : undefined} data-testid={`elective-course-seats-${course.sessionId}`}>
          {seats}
        </dd>
      </dl>
      {course.intro && <Typography.Paragraph className="elective-course-intro elective-prewrap">{course.intro}</Typography.Paragraph>}
      {course.lectures.length > 0 && (
        <Collapse
          size="small"
          ghost
          className="elective-course-lectures"
          items={[
            {
              key: 'lectures',
              label: t('electiveUi.lecturesCount', { count: course.lectures.length }),
              children: (
                <ol className="elective-lecture-list">
                  {course.lectures.map((lecture, index) => (
                    <li key={index}>{lecture}</li>
                  ))}
                </ol>
              ),
            },
          ]}
        />
      )}
      <div className="elective-course-actions">
        {CHOICE_KINDS.map((kind, index) => {
          const mine = chosenAs === kind;
          return (
            <Button
              key={kind}
              type={kind === 'major' ? 'primary' : 'default'}
              block={phone}
              icon={mine ? <CheckOutlined /> : undefined}
              disabled={mine || !!blocks[index]}
              loading={busy === `${kind}:${course.sessionId}`}
              onClick={() => onChoose(course.sessionId, kind)}
              data-testid={`elective-choose-${kind}-${course.sessionId}`}
            >
              {t(mine ? 'electiveSelect.chosenAs' : 'electiveSelect.chooseAs', { kind: t(`electiveUi.kind.${kind}`) })}
            </Button>
          );
        })}
      </div>
      {reasons.length > 0 && !chosenAs && (
        <Typography.Text type="secondary" className="elective-small elective-course-reason" data-testid={`elective-course-reason-${course.sessionId}`}>
          {reasons.join(' ')}
        </Typography.Text>
      )}
      {refusal && <Alert type="error" showIcon closable={{ onClose: onDismiss }} title={refusal.msg} data-testid={`elective-course-refusal-${course.sessionId}`} />}
    </article>
  );
}
