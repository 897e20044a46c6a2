import { useState } from 'react';
import { Button, Empty, Form, Modal, Result, Select, Spin, Table, Typography, type ButtonProps, type TableColumnsType } from 'antd';
import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OVERALL_PERMISSIONS, type OverallList, type OverallScheme } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { EMPTY_OVERALL_LIST, OVERALL_CALLS, errorMessage, fetchOverallList, overallKeys } from './overallCalls.ts';
import { CompleteTag, PartTags, detailsUrl, settingsUrl } from './overallParts.tsx';
import './overall.css';

/**
 * /cjfxNew/zpfx/zpfxgl, Overall scores: a term's schemes, each an overall score of a grade made of some of
 * its exams with weights. The office adds one (a grade, then its exams and weights on the settings page),
 * changes and deletes them; everybody with the page (class teachers too) opens a scheme's scores per class.
 */
export default function OverallSchemesPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allowed = usePermission();
  const canEdit = allowed({ permissions: [OVERALL_PERMISSIONS.edit] });
  const canDelete = allowed({ permissions: [OVERALL_PERMISSIONS.delete] });
  const [termId, setTermId] = useState<number | undefined>();
  const [adding, setAdding] = useState(false);

  const query = useQuery({ queryKey: overallKeys.list(termId), queryFn: ({ signal }) => fetchOverallList(termId, signal), placeholderData: keepPreviousData });
  const data = query.data ?? EMPTY_OVERALL_LIST;
  const loading = query.isPending || query.isPlaceholderData;
  // The terms stay choosable when a term's list fails to load (another one can still be chosen).
  const [knownTerms, setKnownTerms] = useState(data.terms);
  if (data.terms.length && data.terms !== knownTerms) setKnownTerms(data.terms);
  const terms = data.terms.length ? data.terms : knownTerms;
  const term = termId ?? data.termId ?? terms.find((item) => item.isCurrent)?.id ?? undefined;
  const reload = () => void queryClient.invalidateQueries({ queryKey: overallKeys.all });

  const columns: TableColumnsType<OverallScheme> = [
    {
      key: 'name',
      title: t('overallPage.col.name'),
      width: 180,
      render: (_: unknown, scheme) => (
        <div className="overall-name">
          <span>{scheme.name}</span>
          {scheme.remarks && (
            <Typography.Text type="secondary" className="overall-remarks" ellipsis={{ tooltip: scheme.remarks }}>
              {scheme.remarks}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { key: 'gradeName', dataIndex: 'gradeName', title: t('overallPage.col.grade'), width: 90 },
    { key: 'parts', title: t('overallPage.col.parts'), width: 240, render: (_: unknown, scheme) => <PartTags parts={scheme.parts} testId={`overall-parts-${scheme.id}`} /> },
    {
      key: 'totalWeight',
      title: t('overallPage.col.totalWeight'),
      width: 90,
      align: 'right',
      render: (_: unknown, scheme) => (
        <span className="overall-number" data-testid={`overall-total-weight-${scheme.id}`}>
          {scheme.totalWeight}%
        </span>
      ),
    },
    { key: 'complete', title: t('overallPage.col.complete'), width: 90, render: (_: unknown, scheme) => <CompleteTag complete={scheme.complete} testId={`overall-complete-${scheme.id}`} /> },
    { key: 'updatedAt', dataIndex: 'updatedAt', title: t('overallPage.col.updatedAt'), width: 150, render: (value: string) => <span className="overall-nowrap">{value}</span> },
    {
      key: 'actions',
      title: t('overallPage.col.actions'),
      fixed: 'right',
      width: phone ? 100 : 250,
      render: (_: unknown, scheme) => (
        <div className="overall-actions">
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => void navigate(detailsUrl(scheme.id))} data-testid={`overall-details-${scheme.id}`}>
            {t('overallPage.details')}
          </Button>
          {canEdit && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void navigate(settingsUrl({ id: scheme.id }))} data-testid={`overall-modify-${scheme.id}`}>
              {t('overallPage.modify')}
            </Button>
          )}
          {canDelete && (
            <DeleteButton
              url={OVERALL_CALLS.delete}
              param={{ ids: [scheme.id] }}
              type="link"
              size="small"
              text={t('overallPage.deleteConfirm', { name: scheme.name })}
              onSuccess={reload}
              onFailure={reload}
              data-testid={`overall-delete-${scheme.id}`}
            >
              {t('overallPage.delete')}
            </DeleteButton>
          )}
        </div>
      ),
    },
  ];

  let body;
  if (loading) {
    body = (
      <div className="overall-loading" data-testid="overall-loading">
        <Spin />
      </div>
    );
  } else if (query.isError) {
    body = (
      <Result
        status="warning"
        title={errorMessage(query.error) || t('overallPage.loadFailed')}
        extra={
          <Button onClick={() => void query.refetch()} data-testid="overall-retry">
            {t('common.retry')}
          </Button>
        }
        data-testid="overall-error"
      />
    );
  } else if (!data.schemes.length) {
    body = <Empty description={t('overallPage.noSchemes')} data-testid="overall-empty" />;
  } else {
    body = (
      <div data-testid="overall-table">
        <Table<OverallScheme> rowKey="id" size="middle" pagination={false} dataSource={data.schemes} columns={columns} loading={query.isFetching} scroll={{ x: 'max-content' }} />
      </div>
    );
  }

  return (
    <div className="overall-page" data-testid="overall-schemes-page">
      <div className="overall-bar">
        <div className="overall-title">{routeTitle(route, i18n.language)}</div>
        <label className="overall-field overall-bar-extra">
          <span className="overall-label">{t('overallPage.term')}</span>
          <Select<number>
            value={term}
            loading={query.isPending}
            disabled={!terms.length}
            options={terms.map((item) => ({ value: item.id, label: item.name }))}
            onChange={setTermId}
            placeholder={t('overallPage.termPlaceholder')}
            popupMatchSelectWidth={false}
            className="overall-select"
            aria-label={t('overallPage.term')}
            data-testid="overall-term"
          />
        </label>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} disabled={!term || !data.grades.length} onClick={() => setAdding(true)} data-testid="overall-add">
            {t('overallPage.add')}
          </Button>
        )}
      </div>
      <section className="overall-section">
        <p className="overall-muted overall-intro">{t('overallPage.intro')}</p>
        {body}
      </section>
      {canEdit && term && (
        <AddDialog
          open={adding}
          data={data}
          termId={term}
          onClose={() => setAdding(false)}
          onNext={(gradeId) => {
            setAdding(false);
            void navigate(settingsUrl({ termId: term, gradeId }));
          }}
        />
      )}
    </div>
  );
}

/** A new scheme: the term is the list's; the grade is chosen here, the name and the exams on the settings page. */
function AddDialog({ open, data, termId, onClose, onNext }: { open: boolean; data: OverallList; termId: number; onClose: () => void; onNext: (gradeId: number) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ gradeId?: number }>();
  const termName = data.terms.find((item) => item.id === termId)?.name ?? '';
  return (
    <Modal
      open={open}
      title={t('overallPage.addTitle')}
      okText={t('overallPage.next')}
      cancelText={t('overallPage.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'overall-add-next' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'overall-add-cancel' } as ButtonProps}
      destroyOnHidden
      width={420}
    >
      <Form form={form} layout="vertical" onFinish={(values) => values.gradeId && onNext(values.gradeId)} data-testid="overall-add-dialog">
        <Form.Item label={t('overallPage.term')}>
          <span data-testid="overall-add-term">{termName}</span>
        </Form.Item>
        <Form.Item name="gradeId" label={t('overallPage.grade')} rules={[{ required: true, message: t('overall.gradeRequired') }]}>
          <Select<number> options={data.grades.map((grade) => ({ value: grade.id, label: grade.name }))} placeholder={t('overallPage.gradePlaceholder')} data-testid="overall-add-grade" />
        </Form.Item>
        <Typography.Text type="secondary">{t('overallPage.addHint')}</Typography.Text>
      </Form>
    </Modal>
  );
}
