import { useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Switch, Tag, Tooltip } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  OPEN_CLASS_ITEMS_MAX,
  OPEN_CLASS_PERMISSIONS,
  OPEN_CLASS_SET_NAME_MAX,
  OPEN_CLASS_SET_TEXT_MAX,
  OPEN_CLASS_URLS,
  evaluationSetFormSchema,
  type EvaluationSetForm,
  type EvaluationSetRow,
} from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { OPEN_CLASS_CALLS, saveEvaluationSet } from '../../../api/openClass.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FormDialog, ManagePage, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { schemaRule } from './parts.tsx';

interface ItemValues {
  id?: number;
  name?: string;
  description?: string;
  maxScore?: number | null;
  weight?: number | null;
}

interface Values {
  name?: string;
  description?: string;
  anonymous?: boolean;
  enabled?: boolean;
  sort?: number | null;
  items?: ItemValues[];
}

interface SearchForm {
  keyword?: string;
  enabled?: boolean;
}

export function setBody(values: Values, id?: number): EvaluationSetForm {
  return {
    ...(id ? { id } : {}),
    name: values.name?.trim() ?? '',
    description: values.description?.trim() ?? '',
    anonymous: values.anonymous ?? true,
    enabled: values.enabled ?? true,
    sort: values.sort ?? 0,
    items: (values.items ?? []).map((item) => ({
      name: item.name?.trim() ?? '',
      description: item.description?.trim() ?? '',
      maxScore: (item.maxScore ?? undefined) as number,
      weight: (item.weight ?? undefined) as number,
    })),
  };
}

const rowValues = (row: EvaluationSetRow): Values => ({ ...row, items: row.items.map((item) => ({ ...item })) });

/**
 * /sjpj/pjnr, Evaluation content: the sets of indicators open classes are evaluated by, each item with its
 * highest score and its weight (the weights total 100). A set an open class uses keeps its items and stays.
 */
export default function EvaluationSetsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: EvaluationSetRow } | null>(null);
  const initialValues = useMemo<Values>(() => (dialog?.row ? rowValues(dialog.row) : { anonymous: true, enabled: true, sort: 0, items: [{ maxScore: 10, weight: 100 }] }), [dialog]);

  return (
    <ManagePage<EvaluationSetRow, SearchForm>
      permission={OPEN_CLASS_PERMISSIONS.sets}
      listUrl={OPEN_CLASS_CALLS.setsPage}
      title={
        <span className="teaching-bar">
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('openClassUi.back')} title={t('openClassUi.back')} onClick={() => void navigate(OPEN_CLASS_URLS.list)} />
          {routeTitle(route, i18n.language)}
        </span>
      }
      onAdd={() => setDialog({ mode: 'add' })}
      exportUrl={OPEN_CLASS_CALLS.setsExport}
      exportName={t('openClass.exportName')}
      deleteUrl={OPEN_CLASS_CALLS.setDelete}
      toSearch={(values) => ({ keyword: values.keyword?.trim() ?? '', enabled: values.enabled ?? '' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('openClassUi.setName')}>
            <Input allowClear maxLength={50} />
          </Form.Item>
          <Form.Item name="enabled" label={t('openClassUi.enabled')}>
            <Select
              allowClear
              placeholder={t('manage.all')}
              style={{ width: 120 }}
              options={[
                { value: true, label: t('manage.enabled') },
                { value: false, label: t('manage.disabled') },
              ]}
            />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'sort', dataIndex: 'sort', title: t('openClassUi.sort'), sorter: true, width: 70 },
        { key: 'name', dataIndex: 'name', title: t('openClassUi.setName'), sorter: true, width: 180, render: (name: string) => <span className="teaching-strong">{name}</span> },
        {
          key: 'items',
          title: t('openClassUi.items'),
          width: 320,
          render: (_: unknown, row: EvaluationSetRow) => row.items.map((item) => `${item.name} ${item.maxScore}/${item.weight}%`).join(i18n.language === 'en' ? '; ' : '；'),
        },
        { key: 'anonymous', dataIndex: 'anonymous', title: t('openClassUi.anonymous'), width: 90, render: (value: boolean) => t(value ? 'common.yes' : 'common.no') },
        { key: 'enabled', dataIndex: 'enabled', title: t('openClassUi.enabled'), width: 90, render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'default'}>{t(enabled ? 'manage.enabled' : 'manage.disabled')}</Tag> },
        { key: 'used', dataIndex: 'used', title: t('openClassUi.used'), width: 90, align: 'right' },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} viewTestId={`evaluation-set-view-${row.id}`} editTestId={`evaluation-set-edit-${row.id}`} />
          {canDelete &&
            (row.used > 0 ? (
              <Tooltip title={t('openClassUi.usedHint', { count: row.used })}>
                <span>
                  <DeleteButton type="link" size="small" url={OPEN_CLASS_CALLS.setDelete} disabled data-testid={`evaluation-set-delete-${row.id}`} />
                </span>
              </Tooltip>
            ) : (
              <DeleteButton type="link" size="small" url={OPEN_CLASS_CALLS.setDelete} param={{ ids: [row.id] }} onSuccess={reload} data-testid={`evaluation-set-delete-${row.id}`} />
            ))}
        </>
      )}
      data-testid="evaluation-sets-page"
    >
      {({ reload }) => (
        <FormDialog<Values>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(dialog?.mode === 'add' ? 'openClassUi.setAddTitle' : dialog?.mode === 'edit' ? 'openClassUi.setEditTitle' : 'openClassUi.setViewTitle')}
          initialValues={initialValues}
          width={i18n.language === 'en' ? 900 : 820}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            const msg = await saveEvaluationSet(setBody(values, dialog?.row?.id));
            feedback().message.success(msg);
            reload();
          }}
          data-testid="evaluation-set-dialog"
        >
          {(form, mode) => {
            const rule = (...path: PropertyKey[]) => [schemaRule(evaluationSetFormSchema, () => setBody(form.getFieldsValue(true) as Values), path)];
            const readOnly = mode === 'view';
            return (
              <>
                <div className="teaching-form-grid">
                  <Form.Item name="name" label={t('openClassUi.setName')} required rules={rule('name')}>
                    <Input maxLength={OPEN_CLASS_SET_NAME_MAX} disabled={readOnly} data-testid="evaluation-set-name" />
                  </Form.Item>
                  <Form.Item name="sort" label={t('openClassUi.sort')} rules={rule('sort')}>
                    <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} disabled={readOnly} />
                  </Form.Item>
                </div>
                <Form.Item name="description" label={t('openClassUi.description')} rules={rule('description')}>
                  <Input maxLength={OPEN_CLASS_SET_TEXT_MAX} disabled={readOnly} />
                </Form.Item>
                <div className="teaching-form-grid">
                  <Form.Item name="anonymous" label={t('openClassUi.anonymous')} valuePropName="checked" extra={t('openClassUi.anonymousHint')}>
                    <Switch disabled={readOnly} />
                  </Form.Item>
                  <Form.Item name="enabled" label={t('openClassUi.enabled')} valuePropName="checked">
                    <Switch disabled={readOnly} />
                  </Form.Item>
                </div>
                {dialog?.row && dialog.row.used > 0 && mode === 'edit' && <div className="teaching-small teaching-muted" style={{ marginBottom: 8 }}>{t('openClassUi.itemsLocked')}</div>}
                <Form.Item label={t('openClassUi.items')} required>
                  <Form.List name="items" rules={[{ validator: (...args) => rule('items')[0]!.validator!(...args) }]}>
                    {(fields, { add, remove }, { errors }) => (
                      <>
                        {fields.map((field, index) => (
                          <div className="teaching-item-row" key={field.key} style={{ gridTemplateColumns: 'minmax(0, 2fr) 90px 90px minmax(0, 3fr) 32px' }}>
                            <Form.Item name={[field.name, 'name']} rules={rule('items', index, 'name')} style={{ marginBottom: 0 }}>
                              <Input maxLength={OPEN_CLASS_SET_NAME_MAX} placeholder={t('openClassUi.item')} disabled={readOnly} data-testid={`evaluation-item-name-${index}`} />
                            </Form.Item>
                            <Form.Item name={[field.name, 'maxScore']} rules={rule('items', index, 'maxScore')} style={{ marginBottom: 0 }}>
                              <InputNumber min={1} max={100} precision={0} placeholder={t('openClassUi.maxScore')} style={{ width: '100%' }} disabled={readOnly} />
                            </Form.Item>
                            <Form.Item name={[field.name, 'weight']} rules={rule('items', index, 'weight')} style={{ marginBottom: 0 }}>
                              <InputNumber min={0} max={100} precision={0} suffix="%" placeholder={t('openClassUi.weight')} style={{ width: '100%' }} disabled={readOnly} />
                            </Form.Item>
                            <Form.Item name={[field.name, 'description']} style={{ marginBottom: 0 }}>
                              <Input maxLength={OPEN_CLASS_SET_TEXT_MAX} placeholder={t('openClassUi.description')} disabled={readOnly} />
                            </Form.Item>
                            {!readOnly && <Button type="text" icon={<DeleteOutlined />} aria-label={t('openClassUi.removeItem')} onClick={() => remove(field.name)} disabled={fields.length <= 1} />}
                          </div>
                        ))}
                        {!readOnly && fields.length < OPEN_CLASS_ITEMS_MAX && (
                          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ maxScore: 10, weight: 0 })} style={{ marginTop: 8 }} data-testid="evaluation-item-add">
                            {t('openClassUi.addItem')}
                          </Button>
                        )}
                        <Form.ErrorList errors={errors} />
                        <Form.Item noStyle shouldUpdate>
                          {() => {
                            const sum = ((form.getFieldValue('items') ?? []) as ItemValues[]).reduce((total, item) => total + (item?.weight ?? 0), 0);
                            return <div className={`teaching-small ${sum === 100 ? 'teaching-muted' : ''}`} style={{ marginTop: 6, color: sum === 100 ? undefined : '#cf1322' }}>{t('openClassUi.weightSum', { sum })}</div>;
                          }}
                        </Form.Item>
                      </>
                    )}
                  </Form.List>
                </Form.Item>
              </>
            );
          }}
        </FormDialog>
      )}
    </ManagePage>
  );
}
