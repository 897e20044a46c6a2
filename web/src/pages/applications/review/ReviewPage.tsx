import { useRef, useState } from 'react';
import { Button, Form, Input, Select, Tabs, Tag } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APPLICATION_TYPES, type ApplicationType, type ApprovalQueueRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { APPROVAL_CALLS, REVIEW_PERMISSION, type ApprovalDecision, type ReviewView } from '../../../api/approvals.ts';
import { feedback } from '../../../app/feedback.ts';
import { ManagePage, type ManageContext } from '../../../components/ManagePage/index.ts';
import type { PagedColumn } from '../../../components/PagedTable/index.ts';
import { useLinkedItem } from '../../homeSchool/common/receivedItems.ts';
import { noticeTime } from '../../homeSchool/common/NoticeBody.tsx';
import { StatusTag, StepProgress } from '../common/ApplicationParts.tsx';
import { ReviewDetail, reviewKey } from './ReviewDetail.tsx';
import { DecisionDialog, type Decision } from './DecisionDialog.tsx';
import { usePhone } from '../../../hooks/usePhone.ts';
import './review.css';

interface SearchForm {
  type?: ApplicationType;
  keyword?: string;
}

const VIEWS: readonly ReviewView[] = ['waiting', 'decided'];

/** Who an application is for: the applicant, or the student (and class) a parent applied for. */
function Subject({ row }: { row: ApprovalQueueRow }) {
  return (
    <div className="review-subject">
      <span>{row.subjectName || row.applicantName}</span>
      {row.className && <span className="review-muted">{row.className}</span>}
      {row.subjectName && row.subjectName !== row.applicantName && <span className="review-muted">{row.applicantName}</span>}
    </div>
  );
}

/**
 * /sqsp/sqsh, Application review: every application waiting for the signed-in approver, whatever its type,
 * approved or rejected one by one (from the list or its detail) or the ticked ones at once, with a comment (a
 * rejection needs one); a second tab lists what the approver decided before. A message's link
 * (`?id=`) opens that application.
 */
export default function ReviewPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [view, setView] = useState<ReviewView>('waiting');
  const [openId, setOpenId] = useLinkedItem(route.path);
  const [decision, setDecision] = useState<(Decision & { reload: () => void }) | null>(null);
  const waiting = view === 'waiting';
  const phone = usePhone();
  // The list's reload, for the phone cards' buttons (ManagePage hands it to its callbacks).
  const reloadList = useRef<() => void>(() => undefined);

  const decide = (kind: ApprovalDecision, applications: { id: number; name: string }[], reload: () => void) => {
    if (!applications.length) {
      feedback().message.warning(t('common.selectNone'));
      return;
    }
    setDecision({ decision: kind, applications, reload });
  };
  const nameOf = (row: Pick<ApprovalQueueRow, 'id' | 'subjectName' | 'applicantName' | 'type'>) => ({
    id: row.id,
    name: `${row.subjectName || row.applicantName} · ${t(`approval.type.${row.type}`)}`,
  });

  const actions = (row: ApprovalQueueRow, reload: () => void) => (
    <>
      <Button type="link" size="small" onClick={() => setOpenId(row.id)} data-testid={`review-view-${row.id}`}>
        {t('manage.view')}
      </Button>
      {waiting && (
        <>
          <Button type="link" size="small" onClick={() => decide('approve', [nameOf(row)], reload)} data-testid={`review-approve-${row.id}`}>
            {t('review.approve')}
          </Button>
          <Button type="link" size="small" danger onClick={() => decide('reject', [nameOf(row)], reload)} data-testid={`review-reject-${row.id}`}>
            {t('review.reject')}
          </Button>
        </>
      )}
    </>
  );
  const myDecision = (row: ApprovalQueueRow) => (
    <div className="review-mine" data-testid={`review-mine-${row.id}`}>
      {row.myDecision && <Tag color={row.myDecision === 'approve' ? 'success' : 'error'}>{t(`review.decision.${row.myDecision}`)}</Tag>}
      <span className="review-muted">{noticeTime(row.decidedAt)}</span>
      {row.myComment && <div className="review-comment">{row.myComment}</div>}
    </div>
  );

  // A phone (a class teacher approving leave between lessons) reads each application as a card with its buttons.
  const phoneColumns = (reload: () => void): PagedColumn<ApprovalQueueRow>[] => [
    {
      key: 'card',
      render: (_: unknown, row: ApprovalQueueRow) => (
        <div className="review-card" data-testid={`review-card-${row.id}`}>
          <div className="review-card-head">
            <Button type="link" size="small" className="review-link" onClick={() => setOpenId(row.id)} data-testid={`review-open-${row.id}`}>
              {t(`approval.type.${row.type}`)}
            </Button>
            {waiting ? <StepProgress row={row} /> : <StatusTag row={{ status: row.status, cancelled: false }} />}
          </div>
          <Subject row={row} />
          <div className="review-summary">{row.summary}</div>
          <div className="review-muted">{noticeTime(row.createdAt)}</div>
          {!waiting && myDecision(row)}
          <div className="review-card-actions">{actions(row, reload)}</div>
        </div>
      ),
    },
  ];

  const columns: PagedColumn<ApprovalQueueRow>[] = [
    {
      key: 'type',
      dataIndex: 'type',
      title: t('application.type'),
      width: 130,
      render: (_: unknown, row: ApprovalQueueRow) => (
        <Button type="link" size="small" className="review-link" onClick={() => setOpenId(row.id)} data-testid={`review-open-${row.id}`}>
          {t(`approval.type.${row.type}`)}
        </Button>
      ),
    },
    { key: 'subject', title: t('review.subject'), width: 160, render: (_: unknown, row: ApprovalQueueRow) => <Subject row={row} /> },
    { key: 'summary', dataIndex: 'summary', title: t('review.summary'), width: 260, render: (value: string) => <span className="review-summary">{value}</span> },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('application.createdAt'), width: 140, render: (value: string) => noticeTime(value) },
    waiting
      ? {
          key: 'step',
          title: t('application.progress'),
          width: 120,
          render: (_: unknown, row: ApprovalQueueRow) => <StepProgress row={row} />,
        }
      : {
          key: 'mine',
          title: t('review.myDecision'),
          width: 220,
          render: (_: unknown, row: ApprovalQueueRow) => myDecision(row),
        },
    ...(waiting ? [] : [{ key: 'status', title: t('application.statusLabel'), width: 110, render: (_: unknown, row: ApprovalQueueRow) => <StatusTag row={{ status: row.status, cancelled: false }} /> }]),
  ];

  const toolbar = ({ selected, reload }: ManageContext<ApprovalQueueRow>) =>
    waiting && (
      <>
        <Button type="primary" icon={<CheckOutlined />} onClick={() => decide('approve', selected.map(nameOf), reload)} data-testid="review-batch-approve">
          {t('review.batchApprove')}
        </Button>
        <Button danger icon={<CloseOutlined />} onClick={() => decide('reject', selected.map(nameOf), reload)} data-testid="review-batch-reject">
          {t('review.batchReject')}
        </Button>
      </>
    );

  return (
    <div className="review-page" data-testid="review-page">
      <Tabs
        activeKey={view}
        onChange={(key) => setView(key as ReviewView)}
        items={VIEWS.map((key) => ({ key, label: <span data-testid={`review-tab-${key}`}>{t(`review.view.${key}`)}</span> }))}
        className="review-tabs"
      />
      <ManagePage<ApprovalQueueRow, SearchForm>
        // A tab is its own list: its search, page and ticks start afresh.
        key={view}
        permission={REVIEW_PERMISSION}
        listUrl={APPROVAL_CALLS.page}
        title={routeTitle(route, i18n.language)}
        toSearch={(values) => ({ view, type: values.type ?? '', keyword: values.keyword?.trim() ?? '' })}
        searchFields={() => (
          <>
            <Form.Item name="type" label={t('application.type')}>
              <Select
                allowClear
                options={APPLICATION_TYPES.map((type) => ({ value: type, label: t(`approval.type.${type}`) }))}
                placeholder={t('manage.all')}
                style={{ width: 170 }}
                data-testid="review-search-type"
              />
            </Form.Item>
            <Form.Item name="keyword" label={t('review.keyword')}>
              <Input allowClear maxLength={50} placeholder={t('review.keywordHint')} data-testid="review-search-keyword" />
            </Form.Item>
          </>
        )}
        columns={phone ? phoneColumns(() => reloadList.current()) : columns}
        toolbar={waiting ? toolbar : undefined}
        actionsWidth={waiting ? 200 : 100}
        rowActions={phone ? undefined : (row, { reload }) => actions(row, reload)}
        data-testid={`review-list-${view}`}
      >
        {({ reload }) => {
          reloadList.current = reload;
          return <ReviewDetail id={openId} onClose={() => setOpenId(null)} onDecide={(application, kind) => decide(kind, [nameOf(application)], reload)} />;
        }}
      </ManagePage>
      <DecisionDialog
        decision={decision}
        onClose={() => setDecision(null)}
        onDone={() => {
          decision?.reload();
          for (const { id } of decision?.applications ?? []) void client.invalidateQueries({ queryKey: reviewKey(id) });
        }}
      />
    </div>
  );
}
