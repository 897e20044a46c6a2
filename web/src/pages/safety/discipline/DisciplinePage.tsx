import { useMemo, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Spin, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DISCIPLINE_DESCRIPTION_MAX,
  DISCIPLINE_PERMISSIONS,
  DISCIPLINE_REASON_MAX,
  DISCIPLINE_SANCTIONS,
  disciplineFormSchema,
  disciplineRevokeSchema,
  disciplineTypeFormSchema,
  type DisciplineForm,
  type DisciplineOptions,
  type DisciplineRevokeForm,
  type DisciplineRow,
  type DisciplineSanction,
  type DisciplineType,
  type DisciplineTypeForm,
} from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FormDialog, ManagePage, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { StudentSelect } from '../../../components/StudentSelect/index.ts';
import { DayPicker, EmptyList, todayText } from '../insurance/parts.tsx';
import { DISCIPLINE_CALLS, disciplineKeys, fetchDisciplineOptions, fetchOwnRecords, fetchTypes, revokeRecord, saveRecord, saveType, searchDisciplineStudents } from './api.ts';
import '../insurance/insurance.css';

const EMPTY_OPTIONS: DisciplineOptions = { types: [], classes: [] };

/**
 * /bxjl/wjgl, discipline: class teachers record misconduct of their class (the office of every class, and the
 * types); a sanction is revoked with a date and reason and the record stays, marked revoked. A student
 * reads their own records and a parent their child's.
 */
export default function DisciplinePage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const allowed = usePermission();
  const title = routeTitle(route, i18n.language);
  const options = useQuery({ queryKey: disciplineKeys.options, queryFn: ({ signal }) => fetchDisciplineOptions(signal) });
  const records = allowed({ permissions: [DISCIPLINE_PERMISSIONS.edit] }) || allowed({ permissions: [DISCIPLINE_PERMISSIONS.all] });
  if (!records) return <FamilyRecords title={title} />;
  if (options.isPending) return <Spin />;
  const list = <Records options={options.data ?? EMPTY_OPTIONS} />;
  return (
    <div data-testid="discipline-page">
      <Typography.Title level={4}>{title}</Typography.Title>
      {allowed({ permissions: [DISCIPLINE_PERMISSIONS.all] }) ? (
        <Tabs
          destroyOnHidden
          items={[
            { key: 'records', label: t('disciplineUi.tab.records'), children: list },
            { key: 'types', label: <span data-testid="discipline-tab-types">{t('disciplineUi.tab.types')}</span>, children: <Types /> },
          ]}
        />
      ) : (
        list
      )}
    </div>
  );
}

export function SanctionTag({ row }: { row: DisciplineRow }) {
  const { t } = useTranslation();
  if (!row.sanction) return <Typography.Text type="secondary">{t('disciplineUi.noSanction')}</Typography.Text>;
  return (
    <span>
      <Tag color={row.revoked ? 'default' : 'red'} data-testid={`discipline-sanction-${row.id}`}>
        {t(`discipline.sanction.${row.sanction}`)}
      </Tag>
      {row.revoked && (
        <Tag color="green" data-testid={`discipline-revoked-${row.id}`}>
          {t('disciplineUi.revoked')}
        </Tag>
      )}
    </span>
  );
}

interface SearchForm {
  keyword?: string;
  typeId?: number;
  classId?: number;
  state?: string;
}

function Records({ options }: { options: DisciplineOptions }) {
  const { t } = useTranslation();
  const allowed = usePermission();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: DisciplineRow } | null>(null);
  const [revoking, setRevoking] = useState<DisciplineRow | null>(null);
  const [params] = useSearchParams();
  const opened = Number(params.get('id')) || 0;
  const initial = useMemo<Partial<DisciplineForm>>(
    () => (dialog?.row ? { ...dialog.row, sanction: dialog.row.sanction ?? '' } : { occurredOn: todayText(), sanction: '' }),
    [dialog],
  );
  const permission = DISCIPLINE_PERMISSIONS.edit;
  return (
    <ManagePage<DisciplineRow, SearchForm>
      permission={DISCIPLINE_PERMISSIONS.page}
      editPermission={permission}
      deletePermission={permission}
      listUrl={DISCIPLINE_CALLS.page}
      // The Excel copy is the office's (an export right asks for a second factor at sign-in).
      exportUrl={allowed({ permissions: [DISCIPLINE_PERMISSIONS.all] }) ? DISCIPLINE_CALLS.export : undefined}
      exportName={t('discipline.export')}
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={(v) => ({ keyword: v.keyword?.trim() ?? '', typeId: v.typeId ?? '', classId: v.classId ?? '', state: v.state ?? '' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('disciplineUi.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('disciplineUi.keywordHint')} data-testid="discipline-search-keyword" />
          </Form.Item>
          <Form.Item name="classId" label={t('disciplineUi.class')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 150 }} placeholder={t('manage.all')} options={options.classes.map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
          <Form.Item name="typeId" label={t('disciplineUi.type')}>
            <Select allowClear style={{ width: 150 }} placeholder={t('manage.all')} options={options.types.map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
          <Form.Item name="state" label={t('disciplineUi.sanction')}>
            <Select
              allowClear
              style={{ width: 130 }}
              placeholder={t('manage.all')}
              options={(['none', 'active', 'revoked'] as const).map((s) => ({ value: s, label: t(`disciplineUi.state.${s}`) }))}
            />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'studentName', dataIndex: 'studentName', title: t('disciplineUi.student'), sorter: true, width: 100 },
        { key: 'className', dataIndex: 'className', title: t('disciplineUi.class'), width: 110 },
        { key: 'typeName', dataIndex: 'typeName', title: t('disciplineUi.type'), sorter: true, width: 120 },
        { key: 'occurredOn', dataIndex: 'occurredOn', title: t('disciplineUi.date'), sorter: true, width: 110 },
        { key: 'description', dataIndex: 'description', title: t('disciplineUi.description'), width: 240, ellipsis: true },
        { key: 'sanction', title: t('disciplineUi.sanction'), width: 170, render: (_: unknown, row: DisciplineRow) => <SanctionTag row={row} /> },
        { key: 'recordedByName', dataIndex: 'recordedByName', title: t('disciplineUi.recordedBy'), width: 100 },
      ]}
      rowActions={(row, { canEdit, reload }) => (
        <>
          <RecordActions
            onView={() => setDialog({ mode: 'view', row })}
            onEdit={canEdit && row.editable && !row.revoked ? () => setDialog({ mode: 'edit', row }) : undefined}
            editTestId={`discipline-edit-${row.id}`}
          />
          {canEdit && row.editable && row.sanction && !row.revoked && (
            <Button type="link" size="small" onClick={() => setRevoking(row)} data-testid={`discipline-revoke-${row.id}`}>
              {t('disciplineUi.revoke')}
            </Button>
          )}
          {canEdit && row.editable && !row.sanction && <DeleteButton type="link" size="small" url={DISCIPLINE_CALLS.delete} param={{ ids: [row.id] }} onSuccess={reload} />}
          {row.id === opened && <Tag color="blue">{t('disciplineUi.fromMessage')}</Tag>}
        </>
      )}
      data-testid="discipline-records"
    >
      {({ reload }) => (
        <>
          <FormDialog<DisciplineForm>
            open={!!dialog}
            mode={dialog?.mode ?? 'add'}
            title={t(`disciplineUi.dialog.${dialog?.mode ?? 'add'}`)}
            initialValues={initial}
            onClose={() => setDialog(null)}
            onSubmit={async (values) => {
              await saveRecord({ ...values, studentId: Array.isArray(values.studentId) ? values.studentId[0] : values.studentId }, dialog?.row?.id);
              feedback().message.success(t(dialog?.row ? 'common.updated' : 'common.created'));
              reload();
            }}
            data-testid="discipline-dialog"
          >
            {(form, mode) => <RecordFields form={form} mode={mode} row={dialog?.row} options={options} />}
          </FormDialog>
          <RevokeDialog row={revoking} onClose={() => setRevoking(null)} onDone={reload} />
        </>
      )}
    </ManagePage>
  );
}

function RecordFields({ form, mode, row, options }: { form: Parameters<typeof zodRule>[2]; mode: FormMode; row?: DisciplineRow; options: DisciplineOptions }) {
  const { t } = useTranslation();
  const rule = (field: string) => zodRule(disciplineFormSchema, field, form);
  const known = row ? [{ id: row.studentId, name: row.studentName, studentNumber: row.studentNumber, className: row.className }] : [];
  return (
    <>
      <Form.Item
        name="studentId"
        label={t('disciplineUi.student')}
        required
        rules={[rule('studentId')]}
        getValueProps={(value: number | undefined) => ({ value: value ? [value] : [] })}
        normalize={(ids: number[]) => ids[ids.length - 1]}
      >
        <StudentSelect search={searchDisciplineStudents} known={known} disabled={mode === 'view'} placeholder={t('disciplineUi.studentHint')} data-testid="discipline-form-student" />
      </Form.Item>
      <Form.Item name="typeId" label={t('disciplineUi.type')} required rules={[rule('typeId')]}>
        <Select options={options.types.filter((ty) => ty.enabled || ty.id === row?.typeId).map((ty) => ({ value: ty.id, label: ty.name }))} data-testid="discipline-form-type" />
      </Form.Item>
      <Form.Item name="occurredOn" label={t('disciplineUi.date')} required rules={[rule('occurredOn')]}>
        <DayPicker max={todayText()} disabled={mode === 'view'} />
      </Form.Item>
      <Form.Item name="description" label={t('disciplineUi.description')} required rules={[rule('description')]}>
        <Input.TextArea maxLength={DISCIPLINE_DESCRIPTION_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} data-testid="discipline-form-description" />
      </Form.Item>
      <Form.Item name="sanction" label={t('disciplineUi.sanction')}>
        <Select
          options={[{ value: '', label: t('disciplineUi.noSanction') }, ...DISCIPLINE_SANCTIONS.map((s) => ({ value: s, label: t(`discipline.sanction.${s}`) }))]}
          data-testid="discipline-form-sanction"
        />
      </Form.Item>
      {row?.revoked && (
        <Typography.Paragraph type="secondary">{t('disciplineUi.revokedOn', { date: row.revokedOn, reason: row.revokeReason })}</Typography.Paragraph>
      )}
    </>
  );
}

function RevokeDialog({ row, onClose, onDone }: { row: DisciplineRow | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DisciplineRevokeForm>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!row) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await revokeRecord({ ...form.getFieldsValue(true), id: row.id });
      feedback().message.success(t('discipline.revoked'));
      onDone();
      onClose();
    } catch {
      // The request client has shown why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={!!row}
      title={row ? t('disciplineUi.revokeTitle', { name: row.studentName, sanction: row.sanction ? t(`discipline.sanction.${row.sanction as DisciplineSanction}`) : '' }) : ''}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={t('disciplineUi.revoke')}
      cancelText={t('manage.cancel')}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (open && row) form.setFieldsValue({ id: row.id, revokedOn: todayText(), reason: '' });
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="revokedOn" label={t('disciplineUi.revokeDate')} required rules={[zodRule(disciplineRevokeSchema, 'revokedOn', form)]}>
          <DayPicker max={todayText()} />
        </Form.Item>
        <Form.Item name="reason" label={t('disciplineUi.revokeReason')} required rules={[zodRule(disciplineRevokeSchema, 'reason', form)]}>
          <Input.TextArea maxLength={DISCIPLINE_REASON_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The office's list of types of misconduct: named in both languages, ordered, in use or not. */
function Types() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const types = useQuery({ queryKey: disciplineKeys.types, queryFn: ({ signal }) => fetchTypes(signal) });
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: DisciplineType } | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: disciplineKeys.types });
    void queryClient.invalidateQueries({ queryKey: disciplineKeys.options });
  };
  return (
    <>
      <Button type="primary" onClick={() => setDialog({ mode: 'add' })} style={{ marginBottom: 12 }}>
        {t('manage.add')}
      </Button>
      <Table<DisciplineType>
        rowKey="id"
        loading={types.isPending}
        dataSource={types.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('disciplineUi.typeName') },
          { key: 'nameEn', dataIndex: 'nameEn', title: t('disciplineUi.typeNameEn') },
          { key: 'sort', dataIndex: 'sort', title: t('disciplineUi.sort') },
          { key: 'enabled', dataIndex: 'enabled', title: t('disciplineUi.inUse'), render: (v: boolean) => (v ? t('disciplineUi.yes') : t('disciplineUi.no')) },
          { key: 'used', dataIndex: 'used', title: t('disciplineUi.used') },
          {
            key: 'actions',
            title: t('manage.actions'),
            render: (_: unknown, row: DisciplineType) => (
              <>
                <RecordActions onEdit={() => setDialog({ mode: 'edit', row })} />
                <DeleteButton type="link" size="small" url={DISCIPLINE_CALLS.typesDelete} param={{ ids: [row.id] }} onSuccess={refresh} />
              </>
            ),
          },
        ]}
      />
      <FormDialog<DisciplineTypeForm>
        open={!!dialog}
        mode={dialog?.mode ?? 'add'}
        title={t(`disciplineUi.typeDialog.${dialog?.mode === 'edit' ? 'edit' : 'add'}`)}
        initialValues={dialog?.row ?? { sort: 10, enabled: true }}
        onClose={() => setDialog(null)}
        onSubmit={async (values) => {
          await saveType({ ...values, id: dialog?.row?.id });
          feedback().message.success(t(dialog?.row ? 'common.updated' : 'common.created'));
          refresh();
        }}
      >
        {(form) => (
          <>
            <Form.Item name="name" label={t('disciplineUi.typeName')} required rules={[zodRule(disciplineTypeFormSchema, 'name', form)]}>
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item name="nameEn" label={t('disciplineUi.typeNameEn')} rules={[zodRule(disciplineTypeFormSchema, 'nameEn', form)]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="sort" label={t('disciplineUi.sort')} rules={[zodRule(disciplineTypeFormSchema, 'sort', form)]}>
              <InputNumber min={0} max={99} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="enabled" label={t('disciplineUi.inUse')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        )}
      </FormDialog>
    </>
  );
}

/** A student's own records, a parent's child's: read only, as cards that fit a phone. */
function FamilyRecords({ title }: { title: string }) {
  const { t } = useTranslation();
  const records = useQuery({ queryKey: disciplineKeys.mine, queryFn: ({ signal }) => fetchOwnRecords(signal) });
  if (records.isPending) return <Spin />;
  const rows = records.data?.rows ?? [];
  return (
    <div className="insurance-family" data-testid="discipline-family">
      <Typography.Title level={4}>{title}</Typography.Title>
      {rows.length === 0 ? (
        <EmptyList text={t('disciplineUi.none')} />
      ) : (
        <div className="insurance-cards">
          {rows.map((row) => (
            <Card key={row.id} size="small" data-testid={`discipline-card-${row.id}`}>
              <div className="insurance-card-line">
                <strong>{row.typeName}</strong>
                <SanctionTag row={row} />
              </div>
              <div className="insurance-card-line">
                <Typography.Text type="secondary">{`${row.studentName} · ${row.occurredOn}`}</Typography.Text>
              </div>
              <Typography.Paragraph className="insurance-card-line">{row.description}</Typography.Paragraph>
              {row.revoked && <Typography.Text type="secondary">{t('disciplineUi.revokedOn', { date: row.revokedOn, reason: row.revokeReason })}</Typography.Text>}
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
