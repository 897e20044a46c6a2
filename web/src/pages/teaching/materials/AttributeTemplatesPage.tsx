import { useMemo, useState } from 'react';
import { Button, Form, Input, Select, Switch, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ATTRIBUTE_KINDS, MATERIAL_PERMISSIONS, attributeTemplateFormSchema, type AttributeKind, type AttributeTemplateForm, type AttributeTemplateRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { MATERIAL_CALLS, saveAttribute } from '../../../api/materials.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FormDialog, ManagePage, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { schemaRule } from '../common/parts.tsx';
import { MaterialLinks } from './MaterialLinks.tsx';

interface ItemValues {
  name?: string;
  kind?: AttributeKind;
  required?: boolean;
  options?: string[];
}

interface Values {
  name?: string;
  description?: string;
  items?: ItemValues[];
  enabled?: boolean;
}

export const attributeBody = (values: Values, id?: number): AttributeTemplateForm => ({
  ...(id ? { id } : {}),
  name: values.name?.trim() ?? '',
  description: values.description?.trim() ?? '',
  items: (values.items ?? []).map((item) => ({ name: item?.name?.trim() ?? '', kind: item?.kind as AttributeKind, required: item?.required ?? false, options: (item?.options ?? []).map((o) => o.trim()).filter(Boolean) })),
  enabled: values.enabled ?? true,
});

/** /sxxmb/sxxmbTable/mxbTble, attribute-item templates: each template's detail rows (the fields a record of it carries). */
export default function AttributeTemplatesPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: AttributeTemplateRow } | null>(null);
  const initialValues = useMemo<Values>(() => (dialog?.row ? { ...dialog.row, items: dialog.row.items.map((item) => ({ ...item })) } : { enabled: true, items: [{ kind: 'text', required: true }] }), [dialog]);
  const kinds = ATTRIBUTE_KINDS.map((kind) => ({ value: kind, label: t(`material.kind.${kind}`) }));
  return (
    <ManagePage<AttributeTemplateRow, { keyword?: string }>
      permission={MATERIAL_PERMISSIONS.attributes}
      listUrl={MATERIAL_CALLS.attributesPage}
      title={<MaterialLinks title={routeTitle(route, i18n.language)} />}
      onAdd={() => setDialog({ mode: 'add' })}
      exportUrl={MATERIAL_CALLS.attributesExport}
      exportName={t('material.attributeExport')}
      deleteUrl={MATERIAL_CALLS.attributeDelete}
      toSearch={(v) => ({ keyword: v.keyword?.trim() ?? '' })}
      searchFields={() => (
        <Form.Item name="keyword" label={t('material.col.name')}>
          <Input allowClear maxLength={50} />
        </Form.Item>
      )}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('material.col.name'), sorter: true, width: 160, render: (name: string) => <span className="teaching-strong">{name}</span> },
        {
          key: 'items',
          title: t('material.col.items'),
          width: 420,
          render: (_: unknown, row: AttributeTemplateRow) =>
            row.items.map((item, i) => (
              <Tag key={i} color={item.required ? 'blue' : 'default'}>
                {`${item.name} · ${t(`material.kind.${item.kind}`)}`}
              </Tag>
            )),
        },
        { key: 'description', dataIndex: 'description', title: t('materialUi.description'), width: 200, render: (text: string) => text || '—' },
        { key: 'enabled', dataIndex: 'enabled', title: t('material.col.enabled'), width: 90, render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'default'}>{t(enabled ? 'manage.enabled' : 'manage.disabled')}</Tag> },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} />
          {canDelete && <DeleteButton type="link" size="small" url={MATERIAL_CALLS.attributeDelete} param={{ ids: [row.id] }} onSuccess={reload} />}
        </>
      )}
      data-testid="attribute-templates-page"
    >
      {({ reload }) => (
        <FormDialog<Values>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(dialog?.mode === 'add' ? 'materialUi.attributeAdd' : dialog?.mode === 'edit' ? 'materialUi.attributeEdit' : 'materialUi.attributeView')}
          initialValues={initialValues}
          width={i18n.language === 'en' ? 900 : 820}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            feedback().message.success(await saveAttribute(attributeBody(values, dialog?.row?.id)));
            reload();
          }}
        >
          {(form, mode) => {
            const rule = (...path: PropertyKey[]) => [schemaRule(attributeTemplateFormSchema, () => attributeBody(form.getFieldsValue(true) as Values), path)];
            const readOnly = mode === 'view';
            return (
              <>
                <div className="teaching-form-grid">
                  <Form.Item name="name" label={t('material.col.name')} required rules={rule('name')}>
                    <Input maxLength={50} disabled={readOnly} />
                  </Form.Item>
                  <Form.Item name="enabled" label={t('material.col.enabled')} valuePropName="checked">
                    <Switch disabled={readOnly} />
                  </Form.Item>
                </div>
                <Form.Item name="description" label={t('materialUi.description')} rules={rule('description')}>
                  <Input maxLength={200} disabled={readOnly} />
                </Form.Item>
                <Form.Item label={t('material.col.items')} required>
                  <Form.List name="items" rules={[{ validator: (...args) => rule('items')[0]!.validator!(...args) }]}>
                    {(fields, { add, remove }, { errors }) => (
                      <>
                        {fields.map((field, index) => (
                          <div key={field.key} className="teaching-item-row" style={{ gridTemplateColumns: 'minmax(0, 2fr) 110px 90px minmax(0, 3fr) 32px' }}>
                            <Form.Item name={[field.name, 'name']} rules={rule('items', index, 'name')} style={{ marginBottom: 0 }}>
                              <Input maxLength={30} placeholder={t('materialUi.itemName')} disabled={readOnly} />
                            </Form.Item>
                            <Form.Item name={[field.name, 'kind']} rules={rule('items', index, 'kind')} style={{ marginBottom: 0 }}>
                              <Select options={kinds} disabled={readOnly} />
                            </Form.Item>
                            <Form.Item name={[field.name, 'required']} valuePropName="checked" style={{ marginBottom: 0 }}>
                              <Switch checkedChildren={t('materialUi.required')} unCheckedChildren={t('materialUi.optional')} disabled={readOnly} />
                            </Form.Item>
                            <Form.Item noStyle shouldUpdate>
                              {() =>
                                form.getFieldValue(['items', field.name, 'kind']) === 'enum' ? (
                                  <Form.Item name={[field.name, 'options']} rules={rule('items', index, 'options')} style={{ marginBottom: 0 }}>
                                    <Select mode="tags" placeholder={t('materialUi.options')} disabled={readOnly} open={false} />
                                  </Form.Item>
                                ) : (
                                  <span className="teaching-muted teaching-small">—</span>
                                )
                              }
                            </Form.Item>
                            {!readOnly && <Button type="text" icon={<DeleteOutlined />} aria-label={t('materialUi.removeRow')} onClick={() => remove(field.name)} disabled={fields.length <= 1} />}
                          </div>
                        ))}
                        {!readOnly && fields.length < 30 && (
                          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ kind: 'text', required: false })} style={{ marginTop: 8 }}>
                            {t('materialUi.addItem')}
                          </Button>
                        )}
                        <Form.ErrorList errors={errors} />
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
