import { useCallback, useEffect, useState } from 'react';
import { Button, DatePicker, Input, Space } from 'antd';
import { IdcardOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { USER_TYPES } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { fetchStudentInfo, ownStudentAccount, type StudentInfo } from '../../../api/students.ts';
import { TimetableView, type SlotMark } from '../../../components/Timetable/index.ts';
import { fetchMissedLessons } from '../../../api/timetable.ts';
import { StudentDialog } from '../../../components/StudentDialog/index.ts';
import { useSession } from '../../../state/session.ts';
import './timetablePages.css';

/** Students and parents see their own (child's) timetable; anyone else names a student account. */
export function isFamily(userType: number | undefined): boolean {
  return userType === USER_TYPES.student || userType === USER_TYPES.parent;
}

/**
 * /kbgl/xskb 'My timetable': the student's timetable (a parent sees the child's), with the week of a
 * chosen date and the student-information dialog.
 */
export default function StudentTimetablePage(_props: PageProps) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const account = useSession((s) => s.account);
  const family = isFamily(user?.userType);
  const own = family ? ownStudentAccount(user?.userType, user?.userId || account) : '';
  const [chosen, setChosen] = useState('');
  const zh = family ? own : chosen;
  const [info, setInfo] = useState<StudentInfo | null>(null);
  const [date, setDate] = useState<Dayjs | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  useEffect(() => {
    if (!zh) return;
    const controller = new AbortController();
    setInfo(null);
    fetchStudentInfo(zh, controller.signal)
      .then(setInfo)
      .catch(() => undefined);
    return () => controller.abort();
  }, [zh]);

  const xh = info?.XH ?? '';
  // The lessons missed on approved leave are marked on the week shown.
  const slotMarks = useCallback(
    async (term: string, week: number, signal: AbortSignal): Promise<SlotMark[]> =>
      (await fetchMissedLessons(xh, term, week, signal)).map((lesson) => ({
        zc: lesson.zc,
        jc: lesson.jc,
        label: t('timetable.onLeave'),
        title: [lesson.leaveTypeName, lesson.date].filter(Boolean).join(' · '),
      })),
    [xh, t],
  );
  return (
    <div className="timetable-page" data-testid="student-timetable-page">
      <div className="timetable-page-head">
        <div className="timetable-page-title">
          {info ? (
            <>
              <span data-testid="timetable-student-name">{info.XM}</span>
              <span className="timetable-page-sub">{[info.XZBMC, info.XH].filter(Boolean).join(' · ')}</span>
              <Button size="small" icon={<IdcardOutlined />} onClick={() => setDialogOpen(true)} data-testid="open-student-dialog">
                {t('timetable.studentInfo')}
              </Button>
            </>
          ) : (
            <span>{t('timetable.myTimetable')}</span>
          )}
        </div>
        <Space wrap className="timetable-page-controls">
          {family ? null : (
            <Input.Search
              allowClear
              placeholder={t('timetable.studentAccount')}
              enterButton={t('timetable.show')}
              onSearch={(value) => setChosen(value.trim())}
              style={{ width: 280 }}
              data-testid="timetable-student-account"
            />
          )}
        </Space>
      </div>
      <TimetableView
        target={xh ? { kind: 'student', xh } : null}
        date={date ? date.format('YYYY-MM-DD') : undefined}
        slotMarks={xh ? slotMarks : undefined}
        extra={
          <DatePicker
            value={date}
            onChange={(value) => setDate(value)}
            placeholder={t('timetable.goToDate')}
            allowClear
            data-testid="timetable-date"
          />
        }
      />
      {zh ? (
        <StudentDialog
          open={dialogOpen}
          zh={zh}
          onClose={() => setDialogOpen(false)}
          name={info?.XM ?? (family && user?.userType === USER_TYPES.student ? user.displayName : undefined)}
          defaultTab="basic"
        />
      ) : null}
    </div>
  );
}
