import { useEffect, useMemo, useState } from 'react';
import { Form, Input, InputNumber, Select, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { HOME_CARD_CATEGORIES, HOME_CARD_STATISTICS, homeCardFormSchema, type HomeCardForm, type HomeCardRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { loadRoleGroups, type RoleGroup } from '../../../api/components.ts';
import { ManagePage, FormDialog, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { currentLanguage } from '../../../i18n/index.ts';

interface SearchForm {
  keyword?: string;
  category?: HomeCardRow['category'];
  roleCode?: string;
}

/** /xtgl/sykp: the cards that make up each role's dashboard (issue 4, item 12). */
export default function HomeCardsPage(_props: PageProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: HomeCardRow } | null>(null);
  const [groups, setGroups] = useState<RoleGroup[]>([]);
  useEffect(() => {
    loadRoleGroups().then(setGroups, () => setGroups([]));
  }, []);
  const roleOptions = useMemo(() => groups.map((group) => ({ label: group.NAME, title: group.NAME, options: group.CHILD.map((role) => ({ value: String(role.id), label: role.label })) })), [groups]);
  const categoryOptions = HOME_CARD_CATEGORIES.map((category) => ({ value: category, label: t(`homeCards.category.${category}`) }));
  const initialValues = useMemo<Partial<HomeCardForm>>(
    () =>
      dialog?.row
        ? { ...dialog.row, nameEn: dialog.row.nameEn ?? '', contentEn: dialog.row.contentEn ?? '', route: dialog.row.route ?? '', roleCode: dialog.row.roleCode ?? '' }
        : { category: 'shortcut', enabled: true, sort: 0, roleCode: '' },
    [dialog],
  );

  return (
    <ManagePage<HomeCardRow, SearchForm>
      permission="system:homeCard"
      listUrl="/api/system/homeCards/page"
      exportUrl="/api/system/homeCards/export"
      exportName={t('homeCards.exportName')}
      deleteUrl="/api/system/homeCards/delete"
      onAdd={() => setDialog({ mode: 'add' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('homeCards.name')}>
            <Input allowClear maxLength={50} />
          </Form.Item>
          <Form.Item name="category" label={t('homeCards.category')}>
            <Select allowClear options={categoryOptions} placeholder={t('manage.all')} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="roleCode" label={t('homeCards.role')}>
            <Select allowClear options={roleOptions} placeholder={t('manage.all')} style={{ width: 160 }} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('homeCards.name'), sorter: true, render: (value: string, row: HomeCardRow) => (currentLanguage() === 'en' && row.nameEn) || value },
        { key: 'category', dataIndex: 'category', title: t('homeCards.category'), sorter: true, width: 120, render: (value: string) => <Tag>{t(`homeCards.category.${value}`)}</Tag> },
        { key: 'route', dataIndex: 'route', title: t('homeCards.route'), width: 180 },
        { key: 'content', dataIndex: 'content', title: t('homeCards.content'), ellipsis: true },
        { key: 'role', dataIndex: 'roleName', title: t('homeCards.role'), width: 120, render: (value: string | null) => value ?? t('homeCards.allRoles') },
        { key: 'sort', dataIndex: 'sort', title: t('homeCards.sort'), sorter: true, width: 80 },
        { key: 'enabled', dataIndex: 'enabled', title: t('users.enabled'), width: 90, render: (value: boolean) => <Tag color={value ? 'green' : 'default'}>{value ? t('manage.enabled') : t('manage.disabled')}</Tag> },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} />
          {canDelete && <DeleteButton type="link" size="small" url="/api/system/homeCards/delete" param={{ ids: [row.id] }} onSuccess={reload} />}
        </>
      )}
      data-testid="home-cards"
    >
      {({ reload }) => (
        <FormDialog<HomeCardForm>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(dialog?.mode === 'add' ? 'homeCards.addTitle' : dialog?.mode === 'edit' ? 'homeCards.editTitle' : 'homeCards.viewTitle')}
          initialValues={initialValues}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            await call(dialog?.mode === 'add' ? '/api/system/homeCards/create' : '/api/system/homeCards/update', { json: { ...values, id: dialog?.row?.id } });
            feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
            reload();
          }}
          data-testid="home-card-dialog"
        >
          {(form) => (
            <>
              <Form.Item name="name" label={t('homeCards.name')} required rules={[zodRule(homeCardFormSchema, 'name', form)]}>
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item name="nameEn" label={t('homeCards.nameEn')}>
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item name="category" label={t('homeCards.category')} required rules={[zodRule(homeCardFormSchema, 'category', form)]}>
                <Select options={categoryOptions} />
              </Form.Item>
              <Form.Item noStyle shouldUpdate={(a, b) => a.category !== b.category}>
                {() => (
                  <Form.Item name="content" label={t('homeCards.content')} required rules={[zodRule(homeCardFormSchema, 'content', form)]} extra={form.getFieldValue('category') === 'statistic' ? t('homeCards.statisticHint') : undefined}>
                    {form.getFieldValue('category') === 'statistic' ? (
                      <Select options={HOME_CARD_STATISTICS.map((key) => ({ value: key, label: t(`homeCards.statistic.${key}`) }))} />
                    ) : (
                      <Input.TextArea rows={3} maxLength={300} />
                    )}
                  </Form.Item>
                )}
              </Form.Item>
              <Form.Item noStyle shouldUpdate={(a, b) => a.category !== b.category}>
                {() =>
                  form.getFieldValue('category') === 'statistic' ? null : (
                    <Form.Item name="contentEn" label={t('homeCards.contentEn')} rules={[zodRule(homeCardFormSchema, 'contentEn', form)]} extra={t('homeCards.contentEnHint')}>
                      <Input.TextArea rows={2} maxLength={300} data-testid="home-card-content-en" />
                    </Form.Item>
                  )
                }
              </Form.Item>
              <Form.Item name="route" label={t('homeCards.route')} rules={[zodRule(homeCardFormSchema, 'route', form)]}>
                <Input maxLength={300} placeholder="/kbgl/xskb" />
              </Form.Item>
              <Form.Item name="roleCode" label={t('homeCards.role')}>
                <Select allowClear options={[{ value: '', label: t('homeCards.allRoles') }, ...roleOptions]} />
              </Form.Item>
              <Form.Item name="sort" label={t('homeCards.sort')}>
                <InputNumber min={0} max={9999} precision={0} />
              </Form.Item>
              <Form.Item name="enabled" label={t('users.enabled')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </>
          )}
        </FormDialog>
      )}
    </ManagePage>
  );
}
