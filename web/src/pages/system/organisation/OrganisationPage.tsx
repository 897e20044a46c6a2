import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Descriptions, Empty, Form, Input, InputNumber, Select, Space, Switch, Tag, Tree, type TreeDataNode } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_KINDS, ORG_KINDS, appointmentCreateSchema, orgUnitFormSchema, type AppointmentCreate, type AppointmentRow, type OrgUnitForm, type OrgUnitNode } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { exportList } from '../../../api/exports.ts';
import { ManagePage, FormDialog, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { EnabledTag, StaffPicker } from '../facilities/campusShared.tsx';
import './organisation.css';

const KIND_COLOURS: Record<string, string> = { school: 'gold', campus: 'blue', division: 'purple', department: 'cyan', researchGroup: 'green' };

function findNode(nodes: OrgUnitNode[], id: number | null): OrgUnitNode | null {
  for (const node of nodes) {
    if (node.id === id) return node;
    const hit = findNode(node.children, id);
    if (hit) return hit;
  }
  return null;
}

/** The kinds a new child of a unit may have: the school holds campuses, divisions and departments; a department holds departments and groups. */
function childKinds(parent: OrgUnitNode | null): OrgUnitForm['kind'][] {
  if (!parent) return ['school'];
  if (parent.kind === 'school') return ['campus', 'division', 'department', 'researchGroup'];
  return ORG_KINDS.filter((kind) => kind !== 'school');
}

function Positions({ unit }: { unit: OrgUnitNode }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const kindOptions = APPOINTMENT_KINDS.map((kind) => ({ value: kind, label: t(`appointments.kind.${kind}`) }));
  const initialValues = useMemo<Partial<AppointmentCreate>>(() => ({ orgUnitId: unit.id, scopeName: unit.name }), [unit]);
  return (
    <ManagePage<AppointmentRow, { keyword?: string }>
      key={unit.id}
      permission="system:organization"
      listUrl="/api/system/appointments/page"
      initialSearch={{}}
      toSearch={(values) => ({ ...values, orgUnitId: unit.id })}
      exportUrl="/api/system/appointments/export"
      exportName={t('appointments.exportName')}
      deleteUrl="/api/system/appointments/delete"
      onAdd={() => setAdding(true)}
      searchFields={() => (
        <Form.Item name="keyword" label={t('campusUi.keyword')}>
          <Input allowClear maxLength={64} placeholder={t('campusUi.staffKeywordPlaceholder')} />
        </Form.Item>
      )}
      columns={[
        { key: 'staffNumber', dataIndex: 'staffNumber', title: t('appointments.staffNumber'), sorter: true, width: 110 },
        { key: 'staffName', dataIndex: 'staffName', title: t('appointments.staffName'), sorter: true, width: 100 },
        { key: 'kind', dataIndex: 'kind', title: t('appointments.kind'), sorter: true, width: 150, render: (value: string) => t(`appointments.kind.${value}`) },
        { key: 'scopeName', dataIndex: 'scopeName', title: t('appointments.scopeName'), sorter: true, width: 180 },
      ]}
      rowActions={(row, { canDelete, reload }) =>
        canDelete && (
          <DeleteButton type="link" size="small" url="/api/system/appointments/delete" param={{ ids: [row.id] }} onSuccess={reload}>
            {t('campusUi.remove')}
          </DeleteButton>
        )
      }
      data-testid="positions"
    >
      {({ reload }) => (
        <FormDialog<AppointmentCreate>
          open={adding}
          mode="add"
          title={t('campusUi.positionAdd', { name: unit.name })}
          initialValues={initialValues}
          onClose={() => setAdding(false)}
          onSubmit={async (values) => {
            await call('/api/system/appointments/create', { json: { ...values, orgUnitId: unit.id } });
            feedback().message.success(t('common.created'));
            reload();
          }}
          data-testid="positions-dialog"
        >
          {(form) => (
            <>
              <Form.Item name="staffAccount" label={t('appointments.staffName')} required rules={[zodRule(appointmentCreateSchema, 'staffAccount', form)]}>
                <StaffPicker testId="positions-form-staff" />
              </Form.Item>
              <Form.Item name="kind" label={t('appointments.kind')} required rules={[zodRule(appointmentCreateSchema, 'kind', form)]}>
                <Select options={kindOptions} data-testid="positions-form-kind" />
              </Form.Item>
              <Form.Item name="scopeName" label={t('appointments.scopeName')} required rules={[zodRule(appointmentCreateSchema, 'scopeName', form)]}>
                <Input maxLength={100} />
              </Form.Item>
            </>
          )}
        </FormDialog>
      )}
    </ManagePage>
  );
}

/** /xtgl/zzjg: the organisation tree (add child, modify, view, delete) and the positions of each unit (issue 4 item 8). */
export default function OrganisationPage(_props: PageProps) {
  const { t } = useTranslation();
  const allowed = usePermission();
  const canEdit = allowed({ permissions: ['system:organization:edit'] });
  const canDelete = allowed({ permissions: ['system:organization:delete'] });
  const [tree, setTree] = useState<OrgUnitNode[]>([]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ mode: FormMode; unit?: OrgUnitNode; parent?: OrgUnitNode | null } | null>(null);
  const english = currentLanguage() === 'en';
  const label = useCallback((unit: OrgUnitNode) => (english && unit.nameEn) || unit.name, [english]);

  const load = useCallback(() => {
    call<OrgUnitNode[]>('/api/system/org/tree').then(
      (nodes) => {
        setTree(nodes);
        setSelectedId((id) => (id !== null && findNode(nodes, id) ? id : (nodes[0]?.id ?? null)));
      },
      () => undefined,
    );
  }, []);
  useEffect(load, [load]);

  const selected = findNode(tree, selectedId);
  const treeData = useMemo(() => {
    const convert = (nodes: OrgUnitNode[]): TreeDataNode[] =>
      nodes.map((node) => ({
        key: node.id,
        title: (
          <span className={node.enabled ? undefined : 'org-unit-disabled'} data-testid={`org-node-${node.code}`}>
            {label(node)} <Tag color={KIND_COLOURS[node.kind]}>{t(`org.kind.${node.kind}`)}</Tag>
          </span>
        ),
        children: node.children.length ? convert(node.children) : undefined,
      }));
    return convert(tree);
  }, [tree, label, t]);

  const initialValues = useMemo<Partial<OrgUnitForm>>(() => {
    if (dialog?.unit) return { ...dialog.unit, nameEn: dialog.unit.nameEn ?? '', parentId: dialog.unit.parentId ?? undefined };
    const kinds = childKinds(dialog?.parent ?? null);
    return { parentId: dialog?.parent?.id, kind: kinds[kinds.length > 1 ? 2 : 0], sort: (dialog?.parent?.children.length ?? 0) + 1, enabled: true };
  }, [dialog]);

  return (
    <div className="org-page" data-testid="org-page">
      <Card
        className="org-tree-card"
        size="small"
        title={t('campusUi.orgTree')}
        extra={
          <Button size="small" icon={<DownloadOutlined />} onClick={() => void exportList('/api/system/org/export', {}, t('org.exportName')).catch(() => undefined)} data-testid="org-export">
            {t('manage.export')}
          </Button>
        }
      >
        <Space wrap className="org-tree-actions">
          {canEdit && (
            <Button type="primary" size="small" disabled={!selected} onClick={() => setDialog({ mode: 'add', parent: selected })} data-testid="org-add-child">
              {t('campusUi.addChild')}
            </Button>
          )}
          {canEdit && (
            <Button size="small" disabled={!selected} onClick={() => selected && setDialog({ mode: 'edit', unit: selected })} data-testid="org-edit">
              {t('manage.edit')}
            </Button>
          )}
          <Button size="small" disabled={!selected} onClick={() => selected && setDialog({ mode: 'view', unit: selected })} data-testid="org-view">
            {t('manage.view')}
          </Button>
          {canDelete && selected && (
            <DeleteButton
              size="small"
              url="/api/system/org/delete"
              param={{ ids: [selected.id] }}
              onSuccess={() => {
                setSelectedId(selected.parentId);
                load();
              }}
              data-testid="org-delete"
            />
          )}
        </Space>
        {tree.length ? (
          <Tree<TreeDataNode>
            className="org-tree"
            blockNode
            showLine
            defaultExpandAll
            key={tree.length}
            treeData={treeData}
            selectedKeys={selectedId === null ? [] : [selectedId]}
            onSelect={(keys) => keys.length && setSelectedId(Number(keys[0]))}
            data-testid="org-tree"
          />
        ) : (
          <Empty />
        )}
      </Card>
      <Card className="org-detail-card" size="small" title={selected ? t('campusUi.positionsOf', { name: label(selected) }) : t('campusUi.positions')}>
        {selected && (
          <>
            <Descriptions size="small" column={{ xs: 1, md: 3 }} className="org-unit-summary">
              <Descriptions.Item label={t('org.code')}>{selected.code}</Descriptions.Item>
              <Descriptions.Item label={t('org.kind')}>{t(`org.kind.${selected.kind}`)}</Descriptions.Item>
              <Descriptions.Item label={t('org.enabled')}>
                <EnabledTag value={selected.enabled} />
              </Descriptions.Item>
            </Descriptions>
            <Positions unit={selected} />
          </>
        )}
      </Card>
      <FormDialog<OrgUnitForm>
        open={!!dialog}
        mode={dialog?.mode ?? 'add'}
        title={dialog?.mode === 'add' ? t('campusUi.unitAdd', { name: dialog.parent ? label(dialog.parent) : '' }) : t(dialog?.mode === 'edit' ? 'campusUi.unitEdit' : 'campusUi.unitView')}
        initialValues={initialValues}
        onClose={() => setDialog(null)}
        onSubmit={async (values) => {
          const adding = dialog?.mode === 'add';
          const answer = await call<{ id: number } | null>(adding ? '/api/system/org/create' : '/api/system/org/update', { json: { ...values, id: dialog?.unit?.id, parentId: adding ? dialog?.parent?.id : (dialog?.unit?.parentId ?? undefined) } });
          feedback().message.success(t(adding ? 'common.created' : 'common.updated'));
          if (adding && answer) setSelectedId(answer.id);
          load();
        }}
        data-testid="org-dialog"
      >
        {(form) => (
          <>
            <Form.Item name="name" label={t('org.name')} required rules={[zodRule(orgUnitFormSchema, 'name', form)]}>
              <Input maxLength={100} data-testid="org-form-name" />
            </Form.Item>
            <Form.Item name="code" label={t('org.code')} required rules={[zodRule(orgUnitFormSchema, 'code', form)]}>
              <Input maxLength={50} data-testid="org-form-code" />
            </Form.Item>
            <Form.Item name="nameEn" label={t('org.nameEn')} rules={[zodRule(orgUnitFormSchema, 'nameEn', form)]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="kind" label={t('org.kind')} required rules={[zodRule(orgUnitFormSchema, 'kind', form)]}>
              <Select
                options={(dialog?.mode === 'add' ? childKinds(dialog.parent ?? null) : ORG_KINDS).map((kind) => ({ value: kind, label: t(`org.kind.${kind}`) }))}
                data-testid="org-form-kind"
              />
            </Form.Item>
            <Form.Item name="sort" label={t('org.sort')} rules={[zodRule(orgUnitFormSchema, 'sort', form)]}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="enabled" label={t('org.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        )}
      </FormDialog>
    </div>
  );
}
