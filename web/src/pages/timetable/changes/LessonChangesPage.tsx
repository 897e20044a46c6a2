import { useState } from 'react';
import { Button, Form, Modal, Select, Spin, type ButtonProps } from 'antd';
import { RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LESSON_CHANGE_PERMISSIONS, LESSON_CHANGE_STATUSES, type LessonChangeKind, type LessonChangeOptions, type LessonChangeRow, type LessonChangeStatus } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import {
  EMPTY_LESSON_CHANGE_OPTIONS,
  WAITING_STATUSES,
  fetchLessonChangeOptions,
  lessonChangeCalls,
  lessonChangeKeys,
  moveLessonChange,
  type LessonChangeSearch,
} from '../../../api/lessonChanges.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { ManagePage, RecordActions } from '../../../components/ManagePage/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { LessonChangeDetail } from './LessonChangeDetail.tsx';
import { LessonChangeDialog, type ChangeDialogState } from './LessonChangeDialog.tsx';
import { LessonChangeStatusTag, byName, minutes } from './parts.tsx';

interface SearchForm {
  termId?: number;
  status?: LessonChangeStatus;
}

const toSearch = (values: SearchForm): LessonChangeSearch & Record<string, unknown> => ({
  termId: values.termId ?? '',
  status: values.status ?? '',
});

/** What the teacher may do with their request now: the status allows it and the server says it is theirs to. */
export function requestCan(row: LessonChangeRow, action: 'modify' | 'submit' | 'delete' | 'withdraw'): boolean {
  if (action === 'withdraw') return WAITING_STATUSES.includes(row.status) && row.withdrawable;
  return row.status === 'draft' && row.editable;
}

/** Class-swap requests (/kbgl/tksq): a teacher's requests to move one of their lessons within a week. */
export function SwapRequestsPage({ route }: PageProps) {
  return <LessonChangesPage kind="swap" route={route} />;
}

/** Make-up class requests (/kbgl/bksq): a teacher's requests for an extra lesson of a course they teach a class. */
export function MakeUpRequestsPage({ route }: PageProps) {
  return <LessonChangesPage kind="makeUp" route={route} />;
}

/**
 * The teacher's own requests of one kind, newest first: a draft is modified, submitted (after a confirmation)
 * or deleted; one waiting for the class teacher or the academic office can be withdrawn; every one is viewed
 * with what it changes and its review trail.
 */
export function LessonChangesPage({ kind, route }: PageProps & { kind: LessonChangeKind }) {
  const options = useQuery({ queryKey: lessonChangeKeys.options(kind), queryFn: ({ signal }) => fetchLessonChangeOptions(kind, {}, signal) });
  if (options.isPending) {
    return (
      <div className="lesson-change-loading">
        <Spin />
      </div>
    );
  }
  return <Requests kind={kind} route={route} options={options.data ?? EMPTY_LESSON_CHANGE_OPTIONS} />;
}

function Requests({ kind, route, options }: PageProps & { kind: LessonChangeKind; options: LessonChangeOptions }) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<ChangeDialogState | null>(null);
  const [viewing, setViewing] = useState<LessonChangeRow | null>(null);
  const permission = LESSON_CHANGE_PERMISSIONS[kind];
  const calls = lessonChangeCalls(kind);
  const english = i18n.language === 'en';

  const changed = (reload: () => void) => {
    reload();
    // A request viewed again reads its new status and trail.
    void queryClient.invalidateQueries({ queryKey: [...lessonChangeKeys.all(kind), 'one'] });
  };

  const move = async (action: 'submit' | 'withdraw', row: LessonChangeRow, reload: () => void) => {
    try {
      const msg = await moveLessonChange(kind, action, row.id);
      feedback().message.success(msg || t(action === 'submit' ? 'lessonChange.submitted' : 'lessonChange.withdrawn'));
    } catch {
      // The request client has shown the server's message (a conflict, a status changed meanwhile).
    } finally {
      changed(reload);
    }
  };

  const confirmSubmit = (row: LessonChangeRow, reload: () => void) =>
    feedback().modal.confirm({
      title: t('lessonChangeUi.submitTitle'),
      content: (
        <>
          <p className="lesson-change-strong">{row.summary}</p>
          <p>{t('lessonChangeUi.submitConfirm')}</p>
        </>
      ),
      okText: t('lessonChangeUi.submit'),
      cancelText: t('manage.cancel'),
      okButtonProps: { 'data-testid': 'lesson-change-submit-ok' } as ButtonProps,
      onOk: () => move('submit', row, reload),
    });

  return (
    <ManagePage<LessonChangeRow, SearchForm>
      permission={permission}
      editPermission={permission}
      deletePermission={permission}
      listUrl={calls.page}
      title={routeTitle(route, i18n.language)}
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={toSearch}
      searchFields={() => (
        <>
          <Form.Item name="termId" label={t('lessonChangeUi.term')}>
            <Select allowClear options={byName(options.terms)} placeholder={t('manage.all')} style={{ width: 220 }} data-testid="lesson-change-search-term" />
          </Form.Item>
          <Form.Item name="status" label={t('lessonChangeUi.status')}>
            <Select
              allowClear
              options={LESSON_CHANGE_STATUSES.map((status) => ({ value: status, label: t(`lessonChange.status.${status}`) }))}
              placeholder={t('manage.all')}
              style={{ width: english ? 260 : 160 }}
              data-testid="lesson-change-search-status"
            />
          </Form.Item>
        </>
      )}
      columns={[
        {
          key: 'week',
          dataIndex: 'week',
          title: t('lessonChangeUi.week'),
          width: 130,
          render: (week: number, row: LessonChangeRow) => (
            <div className="lesson-change-cell-stack">
              <span className="lesson-change-strong">{t('lessonChangeUi.weekN', { week })}</span>
              {row.weekStart && <span className="lesson-change-muted lesson-change-small">{t('lessonChangeUi.monday', { date: row.weekStart })}</span>}
            </div>
          ),
        },
        { key: 'className', dataIndex: 'className', title: t('lessonChangeUi.class'), width: 130 },
        {
          key: 'summary',
          dataIndex: 'summary',
          title: t('lessonChangeUi.summary'),
          width: 320,
          render: (summary: string, row: LessonChangeRow) => (
            <span className="lesson-change-summary" data-testid={`lesson-change-summary-${row.id}`}>
              {summary}
            </span>
          ),
        },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('lessonChangeUi.status'),
          width: english ? 230 : 130,
          render: (status: LessonChangeStatus, row: LessonChangeRow) => <LessonChangeStatusTag status={status} testId={`lesson-change-status-${row.id}`} />,
        },
        { key: 'createdAt', dataIndex: 'createdAt', title: t('lessonChangeUi.createdAt'), width: 150, render: (value: string) => minutes(value) },
      ]}
      actionsWidth={phone ? 150 : english ? 320 : 260}
      rowActions={(row, { canEdit, reload }) => (
        <>
          <RecordActions
            onView={() => setViewing(row)}
            onEdit={canEdit && requestCan(row, 'modify') ? () => setDialog({ mode: 'edit', row }) : undefined}
            viewTestId={`lesson-change-view-${row.id}`}
            editTestId={`lesson-change-edit-${row.id}`}
          />
          {canEdit && requestCan(row, 'submit') && (
            <Button type="link" size="small" icon={<SendOutlined />} onClick={() => confirmSubmit(row, reload)} data-testid={`lesson-change-submit-${row.id}`}>
              {t('lessonChangeUi.submit')}
            </Button>
          )}
          {canEdit && requestCan(row, 'withdraw') && (
            <Button type="link" size="small" icon={<RollbackOutlined />} onClick={() => void move('withdraw', row, reload)} data-testid={`lesson-change-withdraw-${row.id}`}>
              {t('lessonChangeUi.withdraw')}
            </Button>
          )}
          {canEdit && requestCan(row, 'delete') && (
            <DeleteButton
              type="link"
              size="small"
              url={calls.delete}
              param={{ ids: [row.id] }}
              text={t('lessonChangeUi.deleteConfirm', { summary: row.summary })}
              onSuccess={() => changed(reload)}
              data-testid={`lesson-change-delete-${row.id}`}
            />
          )}
        </>
      )}
      data-testid={`lesson-change-page-${kind}`}
    >
      {({ reload }) => (
        <>
          <LessonChangeDialog kind={kind} dialog={dialog} baseOptions={options} onClose={() => setDialog(null)} onSaved={() => changed(reload)} />
          <Modal
            open={!!viewing}
            title={t(`lessonChangeUi.viewTitle.${kind}`)}
            onCancel={() => setViewing(null)}
            footer={
              <Button onClick={() => setViewing(null)} data-testid="lesson-change-view-close">
                {t('manage.close')}
              </Button>
            }
            width={english ? 810 : 720}
            destroyOnHidden
          >
            {viewing && <LessonChangeDetail kind={kind} row={viewing} phone={phone} />}
          </Modal>
        </>
      )}
    </ManagePage>
  );
}
