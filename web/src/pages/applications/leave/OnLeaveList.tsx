import { useEffect, useState } from 'react';
import { DatePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { OnLeaveRow } from '@campus/contract';
import { LEAVE_CALLS } from '../../../api/leave.ts';
import { PagedTable, usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { PHONE_PAGER } from '../../homeSchool/common/receivedItems.ts';
import { TimeRange } from '../common/ApplicationParts.tsx';

const DATE_FORMAT = 'YYYY-MM-DD';
const rowKey = (row: OnLeaveRow) => String(row.applicationId);

/** A student on leave as a card (a phone). */
function OnLeaveCard({ row }: { row: OnLeaveRow }) {
  return (
    <div className="application-card" data-testid="on-leave-card" data-id={row.applicationId}>
      <div className="application-card-head">
        <span className="application-card-title">{row.studentName}</span>
        <Typography.Text type="secondary">{row.className}</Typography.Text>
      </div>
      <span className="application-card-line">{row.leaveTypeName}</span>
      <TimeRange row={row} />
      {row.reason && <div className="application-card-reason">{row.reason}</div>}
    </div>
  );
}

/**
 * On leave today: the students of the class teacher's classes (administrators: every class) on approved leave on a
 * day, today by default; a row opens the leave.
 */
export function OnLeaveList({ onOpen }: { onOpen: (applicationId: number) => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const table = usePagedTable<OnLeaveRow>();
  const [date, setDate] = useState<Dayjs | null>(null);
  const [shown, setShown] = useState<{ date: string; total: number } | null>(null);

  useEffect(() => {
    table.current?.search(date ? { date: date.format(DATE_FORMAT) } : {});
  }, [date, table]);

  const columns: PagedColumn<OnLeaveRow>[] = phone
    ? [{ key: 'card', render: (_: unknown, row) => <OnLeaveCard row={row} /> }]
    : [
        { key: 'studentName', dataIndex: 'studentName', title: t('leavePage.student'), width: 120 },
        { key: 'studentNumber', dataIndex: 'studentNumber', title: t('leavePage.studentNumber'), width: 120 },
        { key: 'className', dataIndex: 'className', title: t('leavePage.className'), width: 120 },
        { key: 'leaveTypeName', dataIndex: 'leaveTypeName', title: t('leavePage.type'), width: 100 },
        { key: 'time', title: t('leavePage.time'), width: 300, render: (_: unknown, row) => <TimeRange row={row} /> },
        { key: 'reason', dataIndex: 'reason', title: t('leavePage.reason'), ellipsis: true },
      ];

  return (
    <div className="application-on-leave" data-testid="on-leave">
      <div className="application-on-leave-bar">
        <span className="application-on-leave-date">
          <Typography.Text type="secondary">{t('leavePage.onLeaveDate')}</Typography.Text>
          <DatePicker value={date ?? dayjs()} allowClear={false} onChange={(value) => setDate(value)} format={DATE_FORMAT} inputReadOnly={phone} data-testid="on-leave-date" />
        </span>
        {shown && (
          <Typography.Text strong data-testid="on-leave-count">
            {t('leavePage.onLeaveCount', { date: shown.date, count: shown.total })}
          </Typography.Text>
        )}
      </div>
      <PagedTable<OnLeaveRow>
        ref={table}
        url={LEAVE_CALLS.onLeave}
        columns={columns}
        rowKey={rowKey}
        immediate={false}
        showHeader={!phone}
        layout={phone ? PHONE_PAGER : undefined}
        pagerCount={phone ? 5 : undefined}
        scroll={phone ? undefined : { x: 'max-content' }}
        locale={{ emptyText: t('leavePage.onLeaveEmpty') }}
        rowClassName={() => 'application-row'}
        onRow={(row) => ({
          onClick: () => onOpen(row.applicationId),
          onKeyDown: (event) => {
            if (event.key === 'Enter') onOpen(row.applicationId);
          },
          tabIndex: 0,
          role: 'button',
        })}
        onLoaded={(answer) => setShown({ date: typeof answer.date === 'string' ? answer.date : (date ?? dayjs()).format(DATE_FORMAT), total: answer.total })}
        data-testid="on-leave-table"
      />
    </div>
  );
}
