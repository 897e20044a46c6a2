import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { Button, Form, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APPLICATION_STATUSES, type ApplicationStatus } from '@campus/contract';
import { APPLICATION_CALLS, type ApplicationKind, type ApplicationListRow } from '../../../api/leave.ts';
import { PagedTable, type PagedColumn, type PagedTableHandle } from '../../../components/PagedTable/index.ts';
import { QueryHeader } from '../../../components/QueryHeader/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { noticeTime } from '../../homeSchool/common/NoticeBody.tsx';
import { PHONE_PAGER } from '../../homeSchool/common/receivedItems.ts';
import { ApplicationActions, ApplicationCard, StatusTag, StepProgress, TimeRange } from './ApplicationParts.tsx';

interface SearchForm {
  status?: ApplicationStatus | '';
}

export interface MyApplicationsListProps {
  kind: ApplicationKind;
  table: RefObject<PagedTableHandle<ApplicationListRow> | null>;
  /** The page's title in the query header. */
  title: ReactNode;
  applyLabel: ReactNode;
  onApply: () => void;
  /** A parent's chosen child (sent as studentId); null for everyone else. */
  studentId: number | null;
  /** False until what the search depends on (a parent's children) is known. */
  ready: boolean;
  /** The type's own columns, between the time and the status (a wide screen). */
  columns: PagedColumn<ApplicationListRow>[];
  /**
   * The start-to-end time column and card line (on by default); off for types that show their span their own
   * way (day-school: dates) or have none (certificates).
   */
  showTime?: boolean;
  /** The card's title and its own lines (a phone). */
  card: (row: ApplicationListRow) => { title: ReactNode; body?: ReactNode };
  emptyText: ReactNode;
  /** Shown between the query header and the list (a parent's child chooser). */
  before?: ReactNode;
  onOpen: (row: ApplicationListRow) => void;
  onCancelLeave?: (row: ApplicationListRow) => void;
  onChanged: () => void;
}

/**
 * The applicant's own applications of one kind: a status filter and the apply button above a table (a wide
 * screen) or cards (a phone, no sideways scrolling); a row opens the detail, its buttons withdraw or report the return.
 */
export function MyApplicationsList({ kind, table, title, applyLabel, onApply, studentId, ready, columns, showTime = true, card, emptyText, before, onOpen, onCancelLeave, onChanged }: MyApplicationsListProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [status, setStatus] = useState<ApplicationStatus | ''>('');

  useEffect(() => {
    if (ready) table.current?.search({ status, studentId: studentId ?? '' });
  }, [ready, status, studentId, table]);

  const actions = (row: ApplicationListRow, view: boolean) => (
    <ApplicationActions kind={kind} row={row} onView={view ? () => onOpen(row) : undefined} onCancelLeave={onCancelLeave ? () => onCancelLeave(row) : undefined} onChanged={onChanged} />
  );

  const allColumns: PagedColumn<ApplicationListRow>[] = phone
    ? [
        {
          key: 'card',
          render: (_: unknown, row) => {
            const { title: cardTitle, body } = card(row);
            return (
              <ApplicationCard row={row} title={cardTitle} actions={actions(row, false)} showTime={showTime}>
                {body}
              </ApplicationCard>
            );
          },
        },
      ]
    : [
        ...columns.slice(0, 1),
        ...(showTime ? [{ key: 'time', title: t('application.time'), width: 300, render: (_: unknown, row: ApplicationListRow) => <TimeRange row={row} /> }] : []),
        ...columns.slice(1),
        {
          key: 'status',
          title: t('application.statusLabel'),
          width: 170,
          render: (_: unknown, row) => (
            <span className="application-tags">
              <StatusTag row={row} />
              <StepProgress row={row} />
            </span>
          ),
        },
        { key: 'createdAt', dataIndex: 'createdAt', title: t('application.createdAt'), width: 150, render: (value: string) => noticeTime(value) },
        { key: 'actions', title: t('application.actions'), width: 180, fixed: 'right', render: (_: unknown, row) => actions(row, true) },
      ];

  return (
    <>
      <QueryHeader<SearchForm>
        title={title}
        initialValues={{ status: '' }}
        onSearch={(values) => {
          const next = values.status ?? '';
          if (next === status) table.current?.reload();
          else setStatus(next);
        }}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={onApply} data-testid="application-apply">
            {applyLabel}
          </Button>
        }
      >
        <Form.Item name="status" label={t('application.statusLabel')}>
          <Select<ApplicationStatus | ''>
            options={[{ value: '', label: t('application.allStatuses') }, ...APPLICATION_STATUSES.map((value) => ({ value, label: t(`application.status.${value}`) }))]}
            style={{ minWidth: 130 }}
            data-testid="application-search-status"
          />
        </Form.Item>
      </QueryHeader>
      <div className="application-list">
        {before}
        <PagedTable<ApplicationListRow>
          ref={table}
          url={APPLICATION_CALLS[kind].page}
          columns={allColumns}
          immediate={false}
          showHeader={!phone}
          layout={phone ? PHONE_PAGER : undefined}
          pagerCount={phone ? 5 : undefined}
          scroll={phone ? undefined : { x: 'max-content' }}
          locale={{ emptyText }}
          rowClassName={() => 'application-row'}
          onRow={(row) => ({
            onClick: () => onOpen(row),
            onKeyDown: (event) => {
              if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(row);
            },
            tabIndex: 0,
          })}
          data-testid={`${kind}-table`}
        />
      </div>
    </>
  );
}
