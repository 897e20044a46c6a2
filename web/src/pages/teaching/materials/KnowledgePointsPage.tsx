import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Spin, Tag, TreeSelect } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { KNOWLEDGE_STATUSES, MATERIAL_PERMISSIONS, type KnowledgeRow, type KnowledgeStatus, type MaterialOptions } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { MATERIAL_CALLS, fetchChapterTree, fetchMaterialOptions, materialKeys, proposeKnowledge, reviewKnowledge, withdrawKnowledge } from '../../../api/materials.ts';
import { feedback } from '../../../app/feedback.ts';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { ReviewDialog, type ReviewDecision } from '../../../components/ReviewDialog/index.ts';
import { byName } from '../common/parts.tsx';
import { chapterOptions } from './ChaptersPage.tsx';
import { MaterialLinks } from './MaterialLinks.tsx';

const STATUS_COLOURS: Record<KnowledgeStatus, string> = { pending: 'processing', approved: 'success', rejected: 'error' };

interface SearchForm {
  courseId?: number;
  gradeId?: number;
  status?: KnowledgeStatus;
  keyword?: string;
}

/**
 * /jc/zssp, knowledge points: teachers propose points of a chapter or section; the leader of the course's
 * teaching-research group (or the office) approves or rejects them. Teachers read the approved ones.
 */
export default function KnowledgePointsPage({ route }: PageProps) {
  const options = useQuery({ queryKey: materialKeys.options, queryFn: ({ signal }) => fetchMaterialOptions(signal) });
  if (!options.data) return <Spin />;
  return <Knowledge route={route} options={options.data} />;
}

function Knowledge({ route, options }: PageProps & { options: MaterialOptions }) {
  const { t, i18n } = useTranslation();
  const allowed = usePermission();
  const canPropose = allowed({ permissions: [MATERIAL_PERMISSIONS.propose] });
  const [proposing, setProposing] = useState(false);
  const [reviewing, setReviewing] = useState<{ row: KnowledgeRow; decision: ReviewDecision } | null>(null);
  return (
    <ManagePage<KnowledgeRow, SearchForm>
      permission={MATERIAL_PERMISSIONS.knowledge}
      listUrl={MATERIAL_CALLS.knowledgePage}
      title={<MaterialLinks title={routeTitle(route, i18n.language)} />}
      toSearch={(v) => ({ courseId: v.courseId ?? '', gradeId: v.gradeId ?? '', status: v.status ?? '', keyword: v.keyword?.trim() ?? '' })}
      toolbar={() =>
        canPropose ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setProposing(true)} data-testid="knowledge-propose">
            {t('materialUi.propose')}
          </Button>
        ) : null
      }
      searchFields={() => (
        <>
          <Form.Item name="courseId" label={t('material.col.course')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={byName(options.courses)} placeholder={t('manage.all')} style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="gradeId" label={t('materialUi.grade')}>
            <Select allowClear options={byName(options.grades)} placeholder={t('manage.all')} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="status" label={t('materialUi.status')}>
            <Select allowClear options={KNOWLEDGE_STATUSES.map((status) => ({ value: status, label: t(`material.status.${status}`) }))} placeholder={t('manage.all')} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="keyword" label={t('material.col.name')}>
            <Input allowClear maxLength={50} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('materialUi.point'), sorter: true, width: 180, render: (name: string, row: KnowledgeRow) => (<div><div className="teaching-strong">{name}</div><div className="teaching-small teaching-muted">{row.description}</div></div>) },
        { key: 'chapterName', dataIndex: 'chapterName', title: t('materialUi.chapter'), width: 180 },
        { key: 'course', title: t('material.col.course'), width: 120, render: (_: unknown, row: KnowledgeRow) => `${row.gradeName} ${row.courseName}` },
        { key: 'status', dataIndex: 'status', title: t('materialUi.status'), sorter: true, width: 100, render: (status: KnowledgeStatus) => <Tag color={STATUS_COLOURS[status]}>{t(`material.status.${status}`)}</Tag> },
        { key: 'proposerName', dataIndex: 'proposerName', title: t('materialUi.proposer'), width: 100 },
        { key: 'reviewComment', dataIndex: 'reviewComment', title: t('materialUi.reviewComment'), width: 160, render: (text: string) => text || '—' },
        { key: 'createdAt', dataIndex: 'createdAt', title: t('materialUi.proposedAt'), sorter: true, width: 150 },
      ]}
      actionsWidth={i18n.language === 'en' ? 220 : 180}
      rowActions={(row, { reload }) => (
        <>
          {row.reviewable && row.status === 'pending' && (
            <>
              <Button type="link" size="small" onClick={() => setReviewing({ row, decision: 'approve' })}>
                {t('materialUi.approve')}
              </Button>
              <Button type="link" size="small" danger onClick={() => setReviewing({ row, decision: 'reject' })}>
                {t('materialUi.reject')}
              </Button>
            </>
          )}
          {row.mine && row.status === 'pending' && (
            <Button
              type="link"
              size="small"
              onClick={() =>
                feedback().modal.confirm({
                  title: t('materialUi.withdrawConfirm', { name: row.name }),
                  okText: t('materialUi.withdraw'),
                  cancelText: t('manage.cancel'),
                  onOk: async () => {
                    try {
                      feedback().message.success(await withdrawKnowledge(row.id));
                    } finally {
                      reload();
                    }
                  },
                })
              }
            >
              {t('materialUi.withdraw')}
            </Button>
          )}
        </>
      )}
      data-testid="knowledge-points-page"
    >
      {({ reload }) => (
        <>
          <ProposeDialog open={proposing} options={options} onClose={() => setProposing(false)} onDone={reload} />
          <ReviewDialog
            decision={reviewing?.decision ?? null}
            title={t(reviewing?.decision === 'reject' ? 'materialUi.rejectTitle' : 'materialUi.approveTitle', { name: reviewing?.row.name ?? '' })}
            placeholder={t(reviewing?.decision === 'reject' ? 'materialUi.rejectPlaceholder' : 'materialUi.commentPlaceholder')}
            reasonRequired={t('material.rejectReasonRequired')}
            commentMax={200}
            onSubmit={(comment) => reviewKnowledge({ ids: [reviewing!.row.id], decision: reviewing!.decision, comment })}
            onClose={() => setReviewing(null)}
            onDone={reload}
          />
        </>
      )}
    </ManagePage>
  );
}

function ProposeDialog({ open, options, onClose, onDone }: { open: boolean; options: MaterialOptions; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ courseId?: number; gradeId?: number; chapterId?: number; name?: string; description?: string }>();
  const courseId = Form.useWatch('courseId', form);
  const gradeId = Form.useWatch('gradeId', form);
  const tree = useQuery({ queryKey: materialKeys.tree(courseId ?? 0, gradeId ?? 0), queryFn: ({ signal }) => fetchChapterTree(courseId!, gradeId!, signal), enabled: open && !!courseId && !!gradeId });
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      feedback().message.success(await proposeKnowledge({ chapterId: values.chapterId as number, name: values.name?.trim() ?? '', description: values.description?.trim() ?? '' }));
      onDone();
      onClose();
    } catch {
      // The request client has shown the refusal.
    } finally {
      setSaving(false);
    }
  };
  const required = (key: string) => [{ required: true, whitespace: true, message: t(key) }];
  return (
    <Modal open={open} title={t('materialUi.propose')} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} cancelText={t('manage.cancel')} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ courseId: options.first?.courseId, gradeId: options.first?.gradeId }}>
        <div className="teaching-form-grid">
          <Form.Item name="courseId" label={t('material.col.course')} rules={required('material.courseRequired')}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={byName(options.courses)} onChange={() => form.setFieldValue('chapterId', undefined)} />
          </Form.Item>
          <Form.Item name="gradeId" label={t('materialUi.grade')} rules={required('material.gradeRequired')}>
            <Select options={byName(options.grades)} onChange={() => form.setFieldValue('chapterId', undefined)} />
          </Form.Item>
        </div>
        <Form.Item name="chapterId" label={t('materialUi.chapter')} rules={required('material.chapterRequired')}>
          <TreeSelect treeDefaultExpandAll treeData={chapterOptions(tree.data ?? [])} notFoundContent={t('materialUi.noChapters')} />
        </Form.Item>
        <Form.Item name="name" label={t('materialUi.point')} rules={required('common.nameRequired')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label={t('materialUi.description')}>
          <Input.TextArea rows={3} maxLength={300} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
