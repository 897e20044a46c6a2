import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Form, Input, Modal, Select, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CustomPageRow, MenuNode } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { loadRoleGroups, type RoleGroup } from '../../../api/components.ts';
import { feedback } from '../../../app/feedback.ts';
import { loadPermission } from '../../../app/session.ts';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { currentLanguage } from '../../../i18n/index.ts';

interface SearchForm {
  keyword?: string;
}

function directories(nodes: MenuNode[], language: string, depth = 0): { value: number; label: string }[] {
  return nodes.flatMap((node) =>
    node.kind === 'directory'
      ? [{ value: node.id, label: `${'— '.repeat(depth)}${(language === 'en' && node.nameEn) || node.name}` }, ...directories(node.children, language, depth + 1)]
      : [],
  );
}

function PublishDialog({ page, onClose, onDone }: { page: CustomPageRow | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ parentMenuId: number; roleCodes: string[] }>();
  const [tree, setTree] = useState<MenuNode[]>([]);
  const [groups, setGroups] = useState<RoleGroup[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!page) return;
    call<MenuNode[]>('/api/system/menus/tree').then(setTree, () => onClose());
    loadRoleGroups().then(setGroups, () => setGroups([]));
  }, [page, onClose]);
  const options = useMemo(() => directories(tree, currentLanguage()), [tree]);
  const roleOptions = groups.map((group) => ({ label: group.NAME, title: group.NAME, options: group.CHILD.map((role) => ({ value: String(role.id), label: role.label })) }));
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !page) return;
    setSaving(true);
    try {
      await call('/api/system/customPages/publish', { json: { id: page.id, parentMenuId: values.parentMenuId, roleCodes: values.roleCodes ?? [] } });
      feedback().message.success(t('customPages.published'));
      // The publisher's own menu shows the new entry at once.
      void loadPermission({ silent: true }).catch(() => undefined);
      onDone();
      onClose();
    } catch {
      // shown by the request client
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={!!page} title={t('customPages.publishTitle', { title: page?.title ?? '' })} onCancel={onClose} onOk={() => void submit()} okText={t('customPages.publish')} cancelText={t('manage.cancel')} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false} data-testid="custom-publish-form">
        <Form.Item name="parentMenuId" label={t('customPages.parentMenu')} rules={[{ required: true, message: t('customPages.parentRequired') }]}>
          <Select options={options} showSearch={{ optionFilterProp: 'label' }} data-testid="custom-publish-parent" />
        </Form.Item>
        <Form.Item name="roleCodes" label={t('customPages.roles')} extra={t('customPages.rolesHint')}>
          <Select mode="multiple" options={roleOptions} allowClear data-testid="custom-publish-roles" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /custom-page: the configurable pages, their designer and their menu entries (issue 4, item 12). */
export default function CustomPagesPage(_props: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [publishing, setPublishing] = useState<CustomPageRow | null>(null);
  const closePublish = useCallback(() => setPublishing(null), []);

  const unpublish = async (row: CustomPageRow, reload: () => void) => {
    try {
      await call('/api/system/customPages/unpublish', { json: { id: row.id } });
      feedback().message.success(t('customPages.unpublished'));
      void loadPermission({ silent: true }).catch(() => undefined);
      reload();
    } catch {
      // shown by the request client
    }
  };

  return (
    <ManagePage<CustomPageRow, SearchForm>
      permission="system:customPage"
      listUrl="/api/system/customPages/page"
      deleteUrl="/api/system/customPages/delete"
      onAdd={() => void navigate('/custom-page/drag')}
      searchFields={() => (
        <Form.Item name="keyword" label={t('customPages.keyword')}>
          <Input allowClear maxLength={100} />
        </Form.Item>
      )}
      columns={[
        { key: 'title', dataIndex: 'title', title: t('customPages.title'), sorter: true, render: (value: string, row: CustomPageRow) => (currentLanguage() === 'en' && row.titleEn) || value },
        { key: 'param', dataIndex: 'param', title: t('customPages.param'), sorter: true },
        { key: 'blockCount', dataIndex: 'blockCount', title: t('customPages.blockCount'), width: 100 },
        {
          key: 'published',
          dataIndex: 'published',
          title: t('customPages.status'),
          width: 110,
          render: (value: boolean) => <Tag color={value ? 'green' : 'default'}>{t(value ? 'customPages.statusPublished' : 'customPages.statusDraft')}</Tag>,
        },
        { key: 'updatedAt', dataIndex: 'updatedAt', title: t('customPages.updatedAt'), sorter: true, width: 170, render: (value: string) => value.slice(0, 19).replace('T', ' ') },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          {canEdit && (
            <Button type="link" size="small" onClick={() => void navigate(`/custom-page/drag?id=${row.id}`)} data-testid={`custom-design-${row.param}`}>
              {t('customPages.design')}
            </Button>
          )}
          {canEdit &&
            (row.published ? (
              <Button type="link" size="small" onClick={() => void unpublish(row, reload)}>
                {t('customPages.unpublish')}
              </Button>
            ) : (
              <Button type="link" size="small" onClick={() => setPublishing(row)} data-testid={`custom-publish-${row.param}`}>
                {t('customPages.publish')}
              </Button>
            ))}
          {row.published && (
            <Button type="link" size="small" onClick={() => void navigate(`/customPreview/${encodeURIComponent(row.param)}`)}>
              {t('customPages.open')}
            </Button>
          )}
          {canDelete && !row.published && <DeleteButton type="link" size="small" url="/api/system/customPages/delete" param={{ ids: [row.id] }} onSuccess={reload} />}
        </>
      )}
      data-testid="custom-pages"
    >
      {({ reload }) => <PublishDialog page={publishing} onClose={closePublish} onDone={reload} />}
    </ManagePage>
  );
}
