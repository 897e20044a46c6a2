import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Typography } from 'antd';
import { AuditOutlined, CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHOICE_CHANGE_STATUSES, SHIFT_PERMISSIONS, type ChoiceChangeRow, type ChoiceChangeStatus } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { SHIFT_CALLS, decideChange, fetchBatchChoices, shiftKeys } from '../../../api/shiftClasses.ts';
import { feedback } from '../../../app/feedback.ts';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { byName } from '../common/parts.tsx';
import { ChangeStatusTag } from './parts.tsx';
import './shift.css';

interface SearchForm {
  batchId?: number;
  status?: ChoiceChangeStatus;
  keyword?: string;
}

const toSearch = (values: SearchForm) => ({ batchId: values.batchId ?? '', status: values.status ?? '', keyword: values.keyword?.trim() ?? '' });

const COMMENT_MAX = 200;

/**
 * /xkzysp/tzzy, choice change review: the students' requests to change their choice after the window, waiting ones
 * first; the academic office approves (the choice changes, the student leaves the dropped subjects' classes)
 * or rejects, with a comment the student reads.
 */
export default function ChangesPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en';
  const client = useQueryClient();
  const batches = useQuery({ queryKey: shiftKeys.batchList, queryFn: ({ signal }) => fetchBatchChoices(signal) });
  const [deciding, setDeciding] = useState<ChoiceChangeRow | null>(null);
  const permission = SHIFT_PERMISSIONS.review;
  const join = (names: string[]) => (names.length ? names.join(t('shiftUi.listSeparator')) : '—');

  return (
    <ManagePage<ChoiceChangeRow, SearchForm>
      permission={permission}
      editPermission={permission}
      deletePermission={permission}
      listUrl={SHIFT_CALLS.changesPage}
      title={routeTitle(route, i18n.language)}
      toSearch={toSearch}
      initialSearch={{ status: 'pending' }}
      searchFields={() => (
        <>
          {!!batches.data?.length && (
            <Form.Item name="batchId" label={t('shiftUi.col.batch')}>
              <Select allowClear options={byName(batches.data)} placeholder={t('manage.all')} style={{ width: 220 }} data-testid="shift-changes-batch" />
            </Form.Item>
          )}
          <Form.Item name="status" label={t('shiftUi.col.status')}>
            <Select
              allowClear
              options={CHOICE_CHANGE_STATUSES.map((status) => ({ value: status, label: t(`shiftUi.change.${status}`) }))}
              placeholder={t('manage.all')}
              style={{ width: 130 }}
              data-testid="shift-changes-status"
            />
          </Form.Item>
          <Form.Item name="keyword" label={t('shiftUi.students.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('shiftUi.students.keywordHint')} data-testid="shift-changes-keyword" />
          </Form.Item>
        </>
      )}
      columns={[
        {
          key: 'student',
          title: t('shiftUi.col.student'),
          width: 110,
          render: (_: unknown, row) => (
            <div className="elective-name-cell">
              <span className="elective-strong">{row.studentName}</span>
              <span className="elective-small elective-muted">{row.studentNumber}</span>
            </div>
          ),
        },
        { key: 'className', dataIndex: 'className', title: t('shiftUi.col.adminClass'), width: 90 },
        { key: 'batchName', dataIndex: 'batchName', title: t('shiftUi.col.batch'), width: 130 },
        {
          key: 'change',
          title: t('shiftUi.col.change'),
          width: 200,
          render: (_: unknown, row) => (
            <div className="elective-name-cell" data-testid={`shift-change-${row.id}`}>
              <span className="elective-muted">{join(row.fromNames)}</span>
              <span>→ {join(row.toNames)}</span>
            </div>
          ),
        },
        {
          key: 'reason',
          title: t('shiftUi.col.reason'),
          width: 160,
          render: (_: unknown, row) => (
            <div className="elective-name-cell">
              <span className="elective-prewrap">{row.reason}</span>
              <span className="elective-small elective-muted">{t('shiftUi.changes.asked', { time: row.createdAt })}</span>
            </div>
          ),
        },
        { key: 'status', dataIndex: 'status', title: t('shiftUi.col.status'), width: english ? 100 : 80, render: (status: ChoiceChangeStatus, row) => <ChangeStatusTag status={status} testId={`shift-change-status-${row.id}`} /> },
        {
          key: 'review',
          title: t('shiftUi.col.review'),
          width: 160,
          render: (_: unknown, row) =>
            row.reviewedAt ? (
              <div className="elective-name-cell">
                <span>{row.reviewerName || '—'}</span>
                {row.reviewComment && <span className="elective-small elective-prewrap">{row.reviewComment}</span>}
                <span className="elective-small elective-muted">{t('shiftUi.changes.decided', { time: row.reviewedAt })}</span>
              </div>
            ) : (
              '—'
            ),
        },
      ]}
      actionsWidth={english ? 100 : 80}
      rowActions={(row) =>
        row.status === 'pending' ? (
          <Button type="link" size="small" icon={<AuditOutlined />} onClick={() => setDeciding(row)} data-testid={`shift-change-review-${row.id}`}>
            {t('shiftUi.changes.review')}
          </Button>
        ) : null
      }
      data-testid="shift-changes"
    >
      {({ reload }) => (
        <DecideDialog
          row={deciding}
          onClose={() => setDeciding(null)}
          onDecided={() => {
            reload();
            void client.invalidateQueries({ queryKey: shiftKeys.all });
          }}
        />
      )}
    </ManagePage>
  );
}

/** Approve or reject a waiting request, with a comment for the student. */
function DecideDialog({ row, onClose, onDecided }: { row: ChoiceChangeRow | null; onClose: () => void; onDecided: () => void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [shown, setShown] = useState<ChoiceChangeRow | null>(null);
  if (row !== shown) {
    setShown(row);
    setComment('');
  }
  const join = (names: string[]) => (names.length ? names.join(t('shiftUi.listSeparator')) : '—');

  const decide = async (approve: boolean) => {
    if (!row) return;
    setBusy(approve ? 'approve' : 'reject');
    try {
      const { msg } = await decideChange({ id: row.id, approve, comment: comment.trim() });
      feedback().message.success(msg || t(approve ? 'shift.changeApproved' : 'shift.changeRejected'));
      onDecided();
      onClose();
    } catch {
      // The request client has shown the server's message (decided meanwhile).
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open={!!row}
      title={t('shiftUi.changes.reviewTitle')}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="shift-decide-cancel">
          {t('manage.cancel')}
        </Button>,
        <Button key="reject" danger icon={<CloseOutlined />} loading={busy === 'reject'} disabled={busy === 'approve'} onClick={() => void decide(false)} data-testid="shift-decide-reject">
          {t('shiftUi.changes.reject')}
        </Button>,
        <Button key="approve" type="primary" icon={<CheckOutlined />} loading={busy === 'approve'} disabled={busy === 'reject'} onClick={() => void decide(true)} data-testid="shift-decide-approve">
          {t('shiftUi.changes.approve')}
        </Button>,
      ]}
    >
      {row && (
        <div className="shift-page" data-testid="shift-decide-dialog">
          <Typography.Text>
            <span className="elective-strong">{row.studentName}</span> ({row.className}) · {row.batchName}
          </Typography.Text>
          <Typography.Text>
            {join(row.fromNames)} → <span className="elective-strong">{join(row.toNames)}</span>
          </Typography.Text>
          <Typography.Text type="secondary" className="elective-prewrap">
            {t('shiftUi.changes.reasonIs', { reason: row.reason })}
          </Typography.Text>
          <Form layout="vertical">
            <Form.Item label={t('shiftUi.changes.comment')} extra={t('shiftUi.changes.commentHint')}>
              <Input.TextArea value={comment} onChange={(event) => setComment(event.target.value)} maxLength={COMMENT_MAX} showCount rows={3} data-testid="shift-decide-comment" />
            </Form.Item>
          </Form>
        </div>
      )}
    </Modal>
  );
}
