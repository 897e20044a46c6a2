import { useMemo, useState } from 'react';
import { Button, Form, Input, Select, Spin, Switch, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MATERIAL_PERMISSIONS, abilityTemplateFormSchema, type AbilityTemplateForm, type AbilityTemplateRow, type MaterialOptions } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { MATERIAL_CALLS, fetchMaterialOptions, materialKeys, saveAbility } from '../../../api/materials.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { FormDialog, ManagePage, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { byName, schemaRule } from '../common/parts.tsx';
import { MaterialLinks } from './MaterialLinks.tsx';

interface Values {
  courseId?: number;
  name?: string;
  description?: string;
  levels?: { name?: string; description?: string }[];
  enabled?: boolean;
}

export const abilityBody = (values: Values, id?: number): AbilityTemplateForm => ({
  ...(id ? { id } : {}),
  courseId: values.courseId as number,
  name: values.name?.trim() ?? '',
  description: values.description?.trim() ?? '',
  levels: (values.levels ?? []).map((level) => ({ name: level?.name?.trim() ?? '', description: level?.description?.trim() ?? '' })),
  enabled: values.enabled ?? true,
});

/** /jc/nlmb, competency templates: per course, the levels a student's competency is judged at, lowest first. */
export default function AbilityTemplatesPage({ route }: PageProps) {
  const options = useQuery({ queryKey: materialKeys.options, queryFn: ({ signal }) => fetchMaterialOptions(signal) });
  if (!options.data) return <Spin />;
  return <Abilities route={route} options={options.data} />;
}

function Abilities({ route, options }: PageProps & { options: MaterialOptions }) {
  const { t, i18n } = useTranslation();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: AbilityTemplateRow } | null>(null);
  const can = usePermission();
  const initialValues = useMemo<Values>(() => (dialog?.row ? { ...dialog.row, levels: dialog.row.levels.map((l) => ({ ...l })) } : { enabled: true, levels: [{}, {}, {}] }), [dialog]);
  return (
    <ManagePage<AbilityTemplateRow, { courseId?: number; keyword?: string }>
      permission={MATERIAL_PERMISSIONS.abilities}
      listUrl={MATERIAL_CALLS.abilitiesPage}
      title={<MaterialLinks title={routeTitle(route, i18n.language)} />}
      onAdd={() => setDialog({ mode: 'add' })}
      // Teachers read the list; the Excel copy is the office's (an export right asks for a second factor).
      exportUrl={can({ permissions: [`${MATERIAL_PERMISSIONS.abilities}:edit`] }) ? MATERIAL_CALLS.abilitiesExport : undefined}
      exportName={t('material.abilityExport')}
      deleteUrl={MATERIAL_CALLS.abilityDelete}
      toSearch={(v) => ({ courseId: v.courseId ?? '', keyword: v.keyword?.trim() ?? '' })}
      searchFields={() => (
        <>
          <Form.Item name="courseId" label={t('material.col.course')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={byName(options.courses)} placeholder={t('manage.all')} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="keyword" label={t('material.col.name')}>
            <Input allowClear maxLength={50} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'courseName', dataIndex: 'courseName', title: t('material.col.course'), sorter: true, width: 100 },
        { key: 'name', dataIndex: 'name', title: t('material.col.name'), sorter: true, width: 160, render: (name: string) => <span className="teaching-strong">{name}</span> },
        { key: 'levels', title: t('material.col.levels'), width: 320, render: (_: unknown, row: AbilityTemplateRow) => row.levels.map((level, i) => <Tag key={i}>{`${i + 1}. ${level.name}`}</Tag>) },
        { key: 'description', dataIndex: 'description', title: t('materialUi.description'), width: 220, render: (text: string) => text || '—' },
        { key: 'enabled', dataIndex: 'enabled', title: t('material.col.enabled'), width: 90, render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'default'}>{t(enabled ? 'manage.enabled' : 'manage.disabled')}</Tag> },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} />
          {canDelete && <DeleteButton type="link" size="small" url={MATERIAL_CALLS.abilityDelete} param={{ ids: [row.id] }} onSuccess={reload} />}
        </>
      )}
      data-testid="ability-templates-page"
    >
      {({ reload }) => (
        <FormDialog<Values>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(dialog?.mode === 'add' ? 'materialUi.abilityAdd' : dialog?.mode === 'edit' ? 'materialUi.abilityEdit' : 'materialUi.abilityView')}
          initialValues={initialValues}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            feedback().message.success(await saveAbility(abilityBody(values, dialog?.row?.id)));
            reload();
          }}
        >
          {(form, mode) => {
            const rule = (...path: PropertyKey[]) => [schemaRule(abilityTemplateFormSchema, () => abilityBody(form.getFieldsValue(true) as Values), path)];
            const readOnly = mode === 'view';
            return (
              <>
                <div className="teaching-form-grid">
                  <Form.Item name="courseId" label={t('material.col.course')} required rules={rule('courseId')}>
                    <Select showSearch={{ optionFilterProp: 'label' }} options={byName(options.courses)} disabled={readOnly} />
                  </Form.Item>
                  <Form.Item name="name" label={t('material.col.name')} required rules={rule('name')}>
                    <Input maxLength={50} disabled={readOnly} />
                  </Form.Item>
                </div>
                <Form.Item name="description" label={t('materialUi.description')} rules={rule('description')}>
                  <Input maxLength={200} disabled={readOnly} />
                </Form.Item>
                <Form.Item label={t('material.col.levels')} required extra={t('materialUi.levelsHint')}>
                  <Form.List name="levels" rules={[{ validator: (...args) => rule('levels')[0]!.validator!(...args) }]}>
                    {(fields, { add, remove }, { errors }) => (
                      <>
                        {fields.map((field, index) => (
                          <div key={field.key} className="teaching-item-row" style={{ gridTemplateColumns: '40px minmax(0, 1fr) minmax(0, 2fr) 32px' }}>
                            <span className="teaching-muted">{index + 1}</span>
                            <Form.Item name={[field.name, 'name']} rules={rule('levels', index, 'name')} style={{ marginBottom: 0 }}>
                              <Input maxLength={20} placeholder={t('materialUi.levelName')} disabled={readOnly} />
                            </Form.Item>
                            <Form.Item name={[field.name, 'description']} style={{ marginBottom: 0 }}>
                              <Input maxLength={200} placeholder={t('materialUi.description')} disabled={readOnly} />
                            </Form.Item>
                            {!readOnly && <Button type="text" icon={<DeleteOutlined />} aria-label={t('materialUi.removeRow')} onClick={() => remove(field.name)} disabled={fields.length <= 2} />}
                          </div>
                        ))}
                        {!readOnly && fields.length < 10 && (
                          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={{ marginTop: 8 }}>
                            {t('materialUi.addLevel')}
                          </Button>
                        )}
                        <Form.ErrorList errors={errors} />
                      </>
                    )}
                  </Form.List>
                </Form.Item>
                <Form.Item name="enabled" label={t('material.col.enabled')} valuePropName="checked">
                  <Switch disabled={readOnly} />
                </Form.Item>
              </>
            );
          }}
        </FormDialog>
      )}
    </ManagePage>
  );
}
