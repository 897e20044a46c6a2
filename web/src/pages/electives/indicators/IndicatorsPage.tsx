import { useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Switch, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ELECTIVE_INDICATOR_DESCRIPTION_MAX, ELECTIVE_INDICATOR_NAME_MAX, ELECTIVE_URLS, indicatorFormSchema, type IndicatorForm, type IndicatorRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { ELECTIVE_CALLS, electiveKeys, fetchIndicators, saveIndicator } from '../../../api/electives.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FormDialog, type FormMode } from '../../../components/ManagePage/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { schemaRule } from '../common/parts.tsx';

interface IndicatorValues {
  name?: string;
  description?: string;
  maxScore?: number | null;
  sort?: number | null;
  enabled?: boolean;
}

/** The body of create and update: a cleared number goes as undefined for the schema to name. */
export function indicatorBody(values: IndicatorValues, id?: number): IndicatorForm {
  return {
    ...(id ? { id } : {}),
    name: values.name?.trim() ?? '',
    description: values.description?.trim() ?? '',
    maxScore: (values.maxScore ?? undefined) as number,
    sort: values.sort ?? 0,
    enabled: values.enabled ?? true,
  };
}

const rowValues = (row: IndicatorRow): IndicatorValues => ({ name: row.name, description: row.description, maxScore: row.maxScore, sort: row.sort, enabled: row.enabled });

/**
 * /kcsbpc/pjzb, Rating indicators (the academic office): what students rate their electives against, each with
 * its highest score (5 shows as stars to the students). An indicator already rated against is disabled rather
 * than deleted, so the ratings given keep their meaning.
 */
export default function IndicatorsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: IndicatorRow } | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  const indicators = useQuery({ queryKey: electiveKeys.indicators, queryFn: ({ signal }) => fetchIndicators(signal) });
  const reload = () => void queryClient.invalidateQueries({ queryKey: electiveKeys.all });
  const initialValues = useMemo<IndicatorValues>(() => (dialog?.row ? rowValues(dialog.row) : { maxScore: 5, sort: (indicators.data?.length ?? 0) + 1, enabled: true }), [dialog, indicators.data]);

  /** Disabling is how a used indicator leaves the students' forms. */
  const toggle = async (row: IndicatorRow) => {
    setToggling(row.id);
    try {
      const msg = await saveIndicator(indicatorBody({ ...rowValues(row), enabled: !row.enabled }, row.id));
      feedback().message.success(msg || t('common.updated'));
    } catch {
      // The request client has shown the server's message.
    } finally {
      setToggling(null);
      reload();
    }
  };

  const columns: TableColumnsType<IndicatorRow> = [
    { key: 'sort', dataIndex: 'sort', title: t('electiveIndicators.sort'), width: 70 },
    { key: 'name', dataIndex: 'name', title: t('electiveIndicators.name'), width: 160, render: (name: string) => <span className="elective-strong">{name}</span> },
    { key: 'description', dataIndex: 'description', title: t('electiveIndicators.description'), width: 260, render: (text: string) => text || '—' },
    { key: 'maxScore', dataIndex: 'maxScore', title: t('electiveIndicators.maxScore'), width: 100 },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: t('electiveIndicators.enabled'),
      width: 90,
      render: (enabled: boolean, row) => (
        <Tag color={enabled ? 'green' : 'default'} className="elective-tag" data-testid={`elective-indicator-enabled-${row.id}`}>
          {t(enabled ? 'manage.enabled' : 'manage.disabled')}
        </Tag>
      ),
    },
    { key: 'used', dataIndex: 'used', title: t('electiveIndicators.used'), width: 90 },
    {
      key: 'actions',
      title: t('manage.actions'),
      fixed: 'right',
      width: phone ? 130 : i18n.language === 'en' ? 260 : 220,
      render: (_: unknown, row) => (
        <div className="elective-row-actions">
          <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', row })} data-testid={`elective-indicator-edit-${row.id}`}>
            {t('manage.edit')}
          </Button>
          <Button type="link" size="small" loading={toggling === row.id} onClick={() => void toggle(row)} data-testid={`elective-indicator-toggle-${row.id}`}>
            {t(row.enabled ? 'manage.disable' : 'manage.enable')}
          </Button>
          {row.used > 0 ? (
            <Tooltip title={t('electiveIndicators.usedHint', { count: row.used })}>
              {/* A disabled button gives no hover: the span carries the hint. */}
              <span data-testid={`elective-indicator-used-${row.id}`}>
                <DeleteButton type="link" size="small" url={ELECTIVE_CALLS.indicatorDelete} disabled data-testid={`elective-indicator-delete-${row.id}`} />
              </span>
            </Tooltip>
          ) : (
            <DeleteButton
              type="link"
              size="small"
              url={ELECTIVE_CALLS.indicatorDelete}
              param={{ ids: [row.id] }}
              text={t('electiveIndicators.deleteConfirm', { name: row.name })}
              onSuccess={reload}
              data-testid={`elective-indicator-delete-${row.id}`}
            />
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="elective-stats" data-testid="elective-indicators-page">
      <div className="elective-bar">
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={t('electiveUi.backToEvaluation')}
          title={t('electiveUi.backToEvaluation')}
          onClick={() => void navigate(ELECTIVE_URLS.evaluate)}
          data-testid="elective-indicators-back"
        />
        <span className="elective-stats-title">{routeTitle(route, i18n.language)}</span>
        <span className="elective-bar-spacer" />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })} data-testid="elective-indicator-add">
          {t('manage.add')}
        </Button>
      </div>
      <Table<IndicatorRow>
        size="small"
        rowKey="id"
        loading={indicators.isFetching}
        dataSource={indicators.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('electiveIndicators.empty') }}
      />
      <FormDialog<IndicatorValues>
        open={!!dialog}
        mode={dialog?.mode ?? 'add'}
        title={t(dialog?.mode === 'edit' ? 'electiveIndicators.editTitle' : 'electiveIndicators.addTitle')}
        initialValues={initialValues}
        onClose={() => setDialog(null)}
        onSubmit={async (values) => {
          const msg = await saveIndicator(indicatorBody(values, dialog?.row?.id));
          feedback().message.success(msg || t(dialog?.mode === 'edit' ? 'common.updated' : 'common.created'));
          reload();
        }}
        data-testid="elective-indicator-dialog"
      >
        {(form) => {
          const rule = (field: keyof IndicatorValues) => [schemaRule(indicatorFormSchema, () => indicatorBody(form.getFieldsValue(true) as IndicatorValues), [field])];
          return (
            <>
              <Form.Item name="name" label={t('electiveIndicators.name')} required rules={rule('name')}>
                <Input maxLength={ELECTIVE_INDICATOR_NAME_MAX} data-testid="elective-indicator-name" />
              </Form.Item>
              <Form.Item name="description" label={t('electiveIndicators.description')} rules={rule('description')}>
                <Input.TextArea maxLength={ELECTIVE_INDICATOR_DESCRIPTION_MAX} showCount rows={3} data-testid="elective-indicator-description" />
              </Form.Item>
              <div className="elective-form-grid">
                <Form.Item
                  name="maxScore"
                  label={t('electiveIndicators.maxScore')}
                  required
                  rules={rule('maxScore')}
                  extra={dialog?.row?.used ? t('electiveIndicators.maxScoreUsed') : t('electiveIndicators.maxScoreHint')}
                >
                  <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} data-testid="elective-indicator-max" />
                </Form.Item>
                <Form.Item name="sort" label={t('electiveIndicators.sort')} rules={rule('sort')}>
                  <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} data-testid="elective-indicator-sort" />
                </Form.Item>
              </div>
              <Form.Item name="enabled" label={t('electiveIndicators.enabled')} valuePropName="checked">
                <Switch data-testid="elective-indicator-enabled" />
              </Form.Item>
            </>
          );
        }}
      </FormDialog>
    </div>
  );
}
