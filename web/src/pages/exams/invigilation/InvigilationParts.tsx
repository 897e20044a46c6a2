import { Progress, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { INVIGILATION_ROLES, type ExamArrangementRow, type InvigilationRole, type InvigilatorOnDuty } from '@campus/contract';

/** The tag colour of each role: the two in the room, then the one walking the floor. */
export const ROLE_COLORS: Record<InvigilationRole, string> = { chief: 'blue', assistant: 'green', patrol: 'orange' };

/** The roles in their order (chief first). */
export const ROLE_ORDER = (role: InvigilationRole) => INVIGILATION_ROLES.indexOf(role);

/** "Room 3 · A101", "Room 3", or the classroom alone. */
export function useRoomLabel() {
  const { t } = useTranslation();
  return (roomNumber: number | null, classroomName: string) => {
    const room = roomNumber === null ? '' : t('examRoom.roomName', { number: roomNumber });
    return [room, classroomName].filter(Boolean).join(' · ') || '—';
  };
}

/** "2026-11-25 08:30–10:00". */
export const sittingTime = (row: { examDate: string; startTime: string; endTime: string }) => `${row.examDate} ${row.startTime}–${row.endTime}`;

/** A session's invigilators as tags "Wang (Chief)", chiefs first. */
export function InvigilatorTags({ invigilators, testId }: { invigilators: readonly InvigilatorOnDuty[]; testId?: string }) {
  const { t } = useTranslation();
  if (!invigilators.length) {
    return (
      <span className="invigilation-muted" data-testid={testId}>
        {t('invigilationPage.nobody')}
      </span>
    );
  }
  const sorted = [...invigilators].sort((a, b) => ROLE_ORDER(a.role) - ROLE_ORDER(b.role));
  return (
    <Space size={[4, 4]} wrap data-testid={testId}>
      {sorted.map((person) => (
        <Tag key={`${person.staffId}-${person.role}`} color={ROLE_COLORS[person.role]} className="invigilation-tag" title={person.staffNumber}>
          {t('invigilationPage.onDuty', { name: person.name, role: t(`invigilationPage.role.${person.role}`) })}
        </Tag>
      ))}
    </Space>
  );
}

/** Hours without trailing zeros: 2, 1.5, 1.33. */
export const formatHours = (hours: number) => String(Math.round(hours * 100) / 100);

/** Whether the office may still arrange this exam (neither published nor of an ended term). */
export const arrangeable = (exam: Pick<ExamArrangementRow, 'published' | 'ended'>) => !exam.published && !exam.ended;

/** "7 / 10" with a bar: chiefs and assistants in place out of those the rooms want. */
export function AssignedProgress({ assigned, needed, testId }: { assigned: number; needed: number; testId?: string }) {
  const { t } = useTranslation();
  if (!needed) {
    return (
      <span className="invigilation-muted" data-testid={testId}>
        {t('invigilationPage.noRooms')}
      </span>
    );
  }
  const percent = Math.min(100, Math.round((assigned / needed) * 100));
  return (
    <div className="invigilation-progress" data-testid={testId}>
      <Progress percent={percent} size="small" showInfo={false} status={assigned >= needed ? 'success' : 'normal'} />
      <span className="invigilation-nowrap">{t('invigilationPage.assignedOf', { assigned, needed })}</span>
    </div>
  );
}
