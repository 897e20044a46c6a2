import { useState } from 'react';
import { Button, Form, Input, Radio, Select, Spin, Tag } from 'antd';
import { CheckOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  COMMITTEE_POSTS,
  COMMITTEE_STATUSES,
  COMMITTEE_TEXT_MAX,
  FAMILY_COMMITTEE_PERMISSIONS,
  committeeApplySchema,
  type CommitteeApply,
  type CommitteeOptions,
  type CommitteePost,
  type CommitteeRow,
  type CommitteeStatus,
} from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { COMMITTEE_CALLS, applyToCommittee, committeeKeys, fetchCommitteeOptions, reviewCommittee, withdrawApplication } from '../../../api/familyCommittee.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FormDialog, ManagePage } from '../../../components/ManagePage/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { ReviewDialog, type ReviewDecision } from '../../../components/ReviewDialog/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { byName, schemaRule } from '../../teaching/common/parts.tsx';

const STATUS_COLOURS: Record<CommitteeStatus, string> = { pending: 'processing', approved: 'success', rejected: 'error' };

interface SearchForm {
  schoolYearId?: number;
  classId?: number;
  scope?: 'class' | 'school';
  status?: CommitteeStatus;
  post?: CommitteePost;
  keyword?: string;
}

interface ApplyValues {
  studentId?: number;
  scope?: 'class' | 'school';
  post?: CommitteePost;
  reason?: string;
}

const applyBody = (values: ApplyValues): CommitteeApply => ({
  studentId: values.studentId as number,
  scope: values.scope as 'class' | 'school',
  post: values.post as CommitteePost,
  reason: values.reason?.trim() ?? '',
});

/**
 * /jwhgl/bmry, family-committee members: parents apply to their child's class committee or the school's for
 * the school year; the class teacher reviews their classes' applications (the office every committee), gives
 * the post and exports the members.
 */
export default function FamilyCommitteePage({ route }: PageProps) {
  const options = useQuery({ queryKey: committeeKeys.options, queryFn: ({ signal }) => fetchCommitteeOptions(signal) });
  if (!options.data) return <Spin />;
  return <Committee route={route} options={options.data} />;
}

function Committee({ route, options }: PageProps & { options: CommitteeOptions }) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const allowed = usePermission();
  const reviewer = allowed({ permissions: [FAMILY_COMMITTEE_PERMISSIONS.review, FAMILY_COMMITTEE_PERMISSIONS.all], mode: 'any' });
  const canApply = allowed({ permissions: [FAMILY_COMMITTEE_PERMISSIONS.apply] }) && options.children.length > 0;
  const [applying, setApplying] = useState(false);
  const [reviewing, setReviewing] = useState<{ rows: CommitteeRow[]; decision: ReviewDecision } | null>(null);
  const posts = COMMITTEE_POSTS.map((post) => ({ value: post, label: t(`committee.post.${post}`) }));
  const currentYear = options.schoolYears.find((year) => year.isCurrent)?.id;

  return (
    <ManagePage<CommitteeRow, SearchForm>
      permission={FAMILY_COMMITTEE_PERMISSIONS.view}
      listUrl={COMMITTEE_CALLS.page}
      title={routeTitle(route, i18n.language)}
      initialSearch={{ schoolYearId: currentYear }}
      toSearch={(v) => ({ schoolYearId: v.schoolYearId ?? '', classId: v.classId ?? '', scope: v.scope ?? '', status: v.status ?? '', post: v.post ?? '', keyword: v.keyword?.trim() ?? '' })}
      // The Excel copy is the office's (an export right asks for a second factor at sign-in).
      exportUrl={allowed({ permissions: [FAMILY_COMMITTEE_PERMISSIONS.all] }) ? COMMITTEE_CALLS.export : undefined}
      exportName={t('committee.exportName')}
      toolbar={({ selected, reload }) => (
        <>
          {canApply && (
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setApplying(true)} data-testid="committee-apply">
              {t('committeeUi.apply')}
            </Button>
          )}
          {reviewer && (
            <>
              <Button icon={<CheckOutlined />} onClick={() => (selected.length ? setReviewing({ rows: selected, decision: 'approve' }) : feedback().message.warning(t('common.selectNone')))} data-testid="committee-approve-selected">
                {t('committeeUi.approve')}
              </Button>
              <DeleteButton
                url={COMMITTEE_CALLS.remove}
                param={{ ids: selected.map((row) => row.id) }}
                beforeConfirm={() => (selected.length ? true : (feedback().message.warning(t('common.selectNone')), false))}
                text={t('committeeUi.removeConfirm')}
                onSuccess={reload}
              >
                {t('committeeUi.remove')}
              </DeleteButton>
            </>
          )}
        </>
      )}
      searchFields={() => (
        <>
          <Form.Item name="schoolYearId" label={t('committee.col.year')}>
            <Select allowClear options={byName(options.schoolYears)} placeholder={t('manage.all')} style={{ width: 170 }} />
          </Form.Item>
          {reviewer && (
            <>
              <Form.Item name="scope" label={t('committee.col.committee')}>
                <Select
                  allowClear
                  placeholder={t('manage.all')}
                  style={{ width: 160 }}
                  options={[
                    { value: 'class', label: t('committeeUi.scope.class') },
                    { value: 'school', label: t('committee.school') },
                  ]}
                />
              </Form.Item>
              <Form.Item name="classId" label={t('committeeUi.class')}>
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={byName(options.classes)} placeholder={t('manage.all')} style={{ width: 150 }} />
              </Form.Item>
              <Form.Item name="keyword" label={t('committeeUi.keyword')}>
                <Input allowClear maxLength={50} placeholder={t('committeeUi.keywordPlaceholder')} />
              </Form.Item>
            </>
          )}
          <Form.Item name="status" label={t('committee.col.status')}>
            <Select allowClear options={COMMITTEE_STATUSES.map((status) => ({ value: status, label: t(`committee.status.${status}`) }))} placeholder={t('manage.all')} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="post" label={t('committee.col.post')}>
            <Select allowClear options={posts} placeholder={t('manage.all')} style={{ width: 120 }} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'committee', title: t('committee.col.committee'), dataIndex: 'className', sorter: true, width: 130, render: (name: string) => name || <Tag color="purple">{t('committee.school')}</Tag> },
        { key: 'parentName', dataIndex: 'parentName', title: t('committee.col.parent'), width: 120 },
        ...(reviewer ? [{ key: 'parentPhone', dataIndex: 'parentPhone', title: t('committee.col.phone'), width: 120 }] : []),
        { key: 'studentName', title: t('committee.col.student'), width: 140, render: (_: unknown, row: CommitteeRow) => `${row.studentName} (${row.studentNumber})` },
        { key: 'post', dataIndex: 'post', title: t('committee.col.post'), sorter: true, width: 90, render: (post: CommitteePost) => t(`committee.post.${post}`) },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('committee.col.status'),
          sorter: true,
          width: 100,
          render: (status: CommitteeStatus, row: CommitteeRow) => (
            <Tag color={STATUS_COLOURS[status]} data-testid={`committee-status-${row.id}`}>
              {t(`committee.status.${status}`)}
            </Tag>
          ),
        },
        { key: 'reason', dataIndex: 'reason', title: t('committee.col.reason'), width: 220 },
        { key: 'reviewComment', dataIndex: 'reviewComment', title: t('committeeUi.reviewComment'), width: 180, render: (text: string) => text || '—' },
        { key: 'createdAt', dataIndex: 'createdAt', title: t('committeeUi.appliedAt'), sorter: true, width: 150 },
        { key: 'schoolYearName', dataIndex: 'schoolYearName', title: t('committee.col.year'), width: 120 },
      ]}
      actionsWidth={phone ? 120 : i18n.language === 'en' ? 220 : 180}
      rowActions={(row, { reload }) => (
        <>
          {row.reviewable && row.status === 'pending' && (
            <>
              <Button type="link" size="small" onClick={() => setReviewing({ rows: [row], decision: 'approve' })} data-testid={`committee-approve-${row.id}`}>
                {t('committeeUi.approve')}
              </Button>
              <Button type="link" size="small" danger onClick={() => setReviewing({ rows: [row], decision: 'reject' })} data-testid={`committee-reject-${row.id}`}>
                {t('committeeUi.reject')}
              </Button>
            </>
          )}
          {row.mine && row.status === 'pending' && (
            <Button
              type="link"
              size="small"
              onClick={() =>
                feedback().modal.confirm({
                  title: t('committeeUi.withdrawConfirm'),
                  okText: t('committeeUi.withdraw'),
                  cancelText: t('manage.cancel'),
                  onOk: async () => {
                    try {
                      feedback().message.success(await withdrawApplication(row.id));
                    } finally {
                      reload();
                    }
                  },
                })
              }
              data-testid={`committee-withdraw-${row.id}`}
            >
              {t('committeeUi.withdraw')}
            </Button>
          )}
        </>
      )}
      data-testid="family-committee-page"
    >
      {({ reload }) => (
        <>
          <FormDialog<ApplyValues>
            open={applying}
            mode="add"
            title={t('committeeUi.applyTitle')}
            initialValues={{ studentId: options.children[0]?.id, scope: 'class', post: 'member' }}
            okText={t('committeeUi.submit')}
            onClose={() => setApplying(false)}
            onSubmit={async (values) => {
              feedback().message.success(await applyToCommittee(applyBody(values)));
              reload();
            }}
            data-testid="committee-apply-dialog"
          >
            {(form) => {
              const rule = (field: keyof ApplyValues) => [schemaRule(committeeApplySchema, () => applyBody(form.getFieldsValue(true) as ApplyValues), [field])];
              return (
                <>
                  {options.children.length > 1 && (
                    <Form.Item name="studentId" label={t('committee.col.student')} required rules={rule('studentId')}>
                      <Select options={options.children.map((child) => ({ value: child.id, label: `${child.name} (${child.className || '—'})` }))} />
                    </Form.Item>
                  )}
                  {/* The class committee is named after the chosen child's class, read again when the child changes. */}
                  <Form.Item noStyle shouldUpdate={(before: ApplyValues, after: ApplyValues) => before.studentId !== after.studentId}>
                    {() => (
                      <Form.Item name="scope" label={t('committee.col.committee')} required rules={rule('scope')}>
                        <Radio.Group
                          options={[
                            { value: 'class', label: t('committeeUi.scope.classOf', { className: options.children.find((child) => child.id === form.getFieldValue('studentId'))?.className || '—' }) },
                            { value: 'school', label: t('committee.school') },
                          ]}
                        />
                      </Form.Item>
                    )}
                  </Form.Item>
                  <Form.Item name="post" label={t('committee.col.post')} required rules={rule('post')}>
                    <Select options={posts} data-testid="committee-post" />
                  </Form.Item>
                  <Form.Item name="reason" label={t('committee.col.reason')} required rules={rule('reason')}>
                    <Input.TextArea rows={4} maxLength={COMMITTEE_TEXT_MAX} showCount placeholder={t('committeeUi.reasonPlaceholder')} data-testid="committee-reason" />
                  </Form.Item>
                </>
              );
            }}
          </FormDialog>
          <CommitteeReviewDialog state={reviewing} posts={posts} onClose={() => setReviewing(null)} onDone={reload} />
        </>
      )}
    </ManagePage>
  );
}

/** The shared review dialog, with the post an approval of one application may change. */
function CommitteeReviewDialog({ state, posts, onClose, onDone }: { state: { rows: CommitteeRow[]; decision: ReviewDecision } | null; posts: { value: CommitteePost; label: string }[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [post, setPost] = useState<CommitteePost | undefined>();
  const single = state?.rows.length === 1 ? state.rows[0] : undefined;
  return (
    <ReviewDialog
      decision={state?.decision ?? null}
      title={t(state?.decision === 'reject' ? 'committeeUi.rejectTitle' : 'committeeUi.approveTitle', { count: state?.rows.length ?? 0 })}
      okText={t(state?.decision === 'reject' ? 'committeeUi.reject' : 'committeeUi.approve')}
      placeholder={t(state?.decision === 'reject' ? 'committeeUi.rejectPlaceholder' : 'committeeUi.commentPlaceholder')}
      reasonRequired={t('committee.rejectReasonRequired')}
      commentMax={COMMITTEE_TEXT_MAX}
      // A refusal (a chair already, not pending any more) is shown by the request client.
      onSubmit={(comment) => reviewCommittee({ ids: state!.rows.map((row) => row.id), decision: state!.decision, post: single && state!.decision === 'approve' ? post : undefined, comment })}
      onOpen={() => setPost(single?.post)}
      onClose={onClose}
      onDone={onDone}
    >
      {single && state?.decision === 'approve' && (
        <Form.Item label={t('committee.col.post')} layout="vertical">
          <Select value={post} onChange={setPost} options={posts} data-testid="committee-review-post" />
        </Form.Item>
      )}
    </ReviewDialog>
  );
}
