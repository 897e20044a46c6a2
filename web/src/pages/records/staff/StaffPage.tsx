import { useMemo, useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  staffCreateSchema,
  staffUpdateSchema,
  type ClassAdminRow,
  type StaffFormOptions,
  type StaffImportResult,
  type StaffRow,
} from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call, request } from '../../../api/client.ts';
import { ManagePage, FormDialog, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { ImportDialog } from '../../../components/ImportDialog/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { useScreenOptions } from '../../system/common/peopleOptions.ts';
import { dateField } from '../../system/students/StudentsAdminPage.tsx';
import '../../system/common/people.css';

interface StaffSearchForm {
  keyword?: string;
  campusId?: number;
  workingDeptId?: number;
  researchGroupId?: number;
  staffType?: string;
}

type StaffFormValues = Partial<Omit<StaffRow, 'headTeacherOf' | 'appointments'>>;

const FORM_FIELDS = [
  'staffNumber',
  'name',
  'gender',
  'birthDate',
  'idNumber',
  'phone',
  'email',
  'postalCode',
  'address',
  'campusId',
  'establishmentDeptId',
  'workingDeptId',
  'researchGroupId',
  'staffType',
  'title',
  'education',
  'workStartDate',
  'arrivalDate',
] as const;

/** The form's values as the create / update calls take them ('' for an empty text, no key for no choice). */
function toPayload(values: StaffFormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of FORM_FIELDS) payload[field] = values[field] ?? (field.endsWith('Id') ? undefined : '');
  return payload;
}

/** /rygl/jzggl: staff records, Excel import and one-click class assignment (issue 4, item 11). */
export default function StaffPage(_props: PageProps) {
  const { t } = useTranslation();
  const options = useScreenOptions<StaffFormOptions>('/api/records/staff/options');
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: StaffRow } | null>(null);
  const [importing, setImporting] = useState(false);
  const [assigning, setAssigning] = useState<StaffRow | null>(null);

  const initialValues = useMemo<StaffFormValues>(() => {
    const row = dialog?.row;
    if (!row) return { gender: '1' };
    const values: StaffFormValues = {};
    for (const field of FORM_FIELDS) (values as Record<string, unknown>)[field] = row[field] ?? undefined;
    return values;
  }, [dialog]);

  return (
    <ManagePage<StaffRow, StaffSearchForm>
      permission="records:staff"
      listUrl="/api/records/staff/page"
      exportUrl="/api/records/staff/export"
      exportName={t('staff.exportName')}
      deleteUrl="/api/records/staff/delete"
      onAdd={() => setDialog({ mode: 'add' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('staffPage.keyword')}>
            <Input allowClear placeholder={t('staffPage.keywordPlaceholder')} maxLength={64} data-testid="staff-keyword" />
          </Form.Item>
          <Form.Item name="campusId" label={t('staff.col.campus')}>
            <Select allowClear options={options?.campuses ?? []} placeholder={t('manage.all')} style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="workingDeptId" label={t('staff.col.workingDept')}>
            <Select allowClear options={options?.departments ?? []} placeholder={t('manage.all')} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="researchGroupId" label={t('staff.col.researchGroup')}>
            <Select allowClear showSearch optionFilterProp="label" options={options?.researchGroups ?? []} placeholder={t('manage.all')} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="staffType" label={t('staff.col.staffType')}>
            <Select allowClear options={options?.staffTypes ?? []} placeholder={t('manage.all')} style={{ width: 140 }} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'staffNumber', dataIndex: 'staffNumber', title: t('staff.col.staffNumber'), sorter: true, width: 110 },
        { key: 'name', dataIndex: 'name', title: t('staff.col.name'), sorter: true, width: 100 },
        { key: 'genderName', dataIndex: 'genderName', title: t('staff.col.gender'), width: 70 },
        { key: 'campusName', dataIndex: 'campusName', title: t('staff.col.campus'), sorter: true, width: 100 },
        { key: 'workingDeptName', dataIndex: 'workingDeptName', title: t('staff.col.workingDept'), sorter: true, width: 120 },
        { key: 'researchGroupName', dataIndex: 'researchGroupName', title: t('staff.col.researchGroup'), sorter: true, width: 130 },
        { key: 'phone', dataIndex: 'phone', title: t('staff.col.phone'), width: 130 },
        { key: 'staffTypeName', dataIndex: 'staffTypeName', title: t('staff.col.staffType'), width: 110 },
        { key: 'title', dataIndex: 'title', title: t('staff.col.title'), width: 100 },
        {
          key: 'headTeacherOf',
          title: t('staff.col.headTeacherOf'),
          width: 150,
          render: (_: unknown, row: StaffRow) => row.headTeacherOf.map((name) => <Tag key={name}>{name}</Tag>),
        },
      ]}
      toolbar={({ canEdit, selected }) =>
        canEdit && (
          <>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="staff-import">
              {t('staffPage.import')}
            </Button>
            <Button
              onClick={() => {
                if (selected.length === 1) setAssigning(selected[0]!);
                else feedback().message.warning(t('staffPage.selectOne'));
              }}
              data-testid="staff-assign-selected"
            >
              {t('staffPage.assignClasses')}
            </Button>
          </>
        )
      }
      // Four buttons: "Assign classes" needs the room of a fourth in English.
      actionsWidth={340}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <Button type="link" size="small" onClick={() => setDialog({ mode: 'view', row })} data-testid={`staff-view-${row.staffNumber}`}>
            {t('manage.view')}
          </Button>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', row })} data-testid={`staff-edit-${row.staffNumber}`}>
              {t('manage.edit')}
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" onClick={() => setAssigning(row)} data-testid={`staff-assign-${row.staffNumber}`}>
              {t('staffPage.assignClasses')}
            </Button>
          )}
          {canDelete && <DeleteButton type="link" size="small" url="/api/records/staff/delete" param={{ ids: [row.id] }} onSuccess={reload} />}
        </>
      )}
      data-testid="staff-page"
    >
      {({ reload }) => (
        <>
          <FormDialog<StaffFormValues>
            open={!!dialog}
            mode={dialog?.mode ?? 'add'}
            title={t(dialog?.mode === 'add' ? 'staffPage.addTitle' : dialog?.mode === 'edit' ? 'staffPage.editTitle' : 'staffPage.viewTitle')}
            initialValues={initialValues}
            onClose={() => setDialog(null)}
            onSubmit={async (values) => {
              if (dialog?.mode === 'add') await call('/api/records/staff/create', { json: toPayload(values) });
              else await call('/api/records/staff/update', { json: { ...toPayload(values), id: dialog?.row?.id } });
              feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
              reload();
            }}
            data-testid="staff-dialog"
          >
            {(form, mode) => {
              const schema = mode === 'add' ? staffCreateSchema : staffUpdateSchema;
              const rule = (field: (typeof FORM_FIELDS)[number]) => [zodRule(schema, field, form)];
              return (
                <div className="people-form-grid">
                  <Form.Item name="staffNumber" label={t('staff.col.staffNumber')} required rules={rule('staffNumber')} extra={mode === 'add' ? t('staffPage.accountHint') : undefined}>
                    <Input maxLength={30} disabled={mode !== 'add'} data-testid="staff-form-number" />
                  </Form.Item>
                  <Form.Item name="name" label={t('staff.col.name')} required rules={rule('name')}>
                    <Input maxLength={50} data-testid="staff-form-name" />
                  </Form.Item>
                  <Form.Item name="gender" label={t('staff.col.gender')} required rules={rule('gender')}>
                    <Select options={options?.genders ?? []} data-testid="staff-form-gender" />
                  </Form.Item>
                  <Form.Item name="birthDate" label={t('staff.col.birthDate')} rules={rule('birthDate')} {...dateField}>
                    <DatePicker style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item name="idNumber" label={t('staff.col.idNumber')} required rules={rule('idNumber')} extra={mode === 'add' ? t('staffPage.passwordHint') : undefined}>
                    <Input maxLength={18} data-testid="staff-form-id" />
                  </Form.Item>
                  <Form.Item name="phone" label={t('staff.col.phone')} rules={rule('phone')}>
                    <Input maxLength={20} data-testid="staff-form-phone" />
                  </Form.Item>
                  <Form.Item name="email" label={t('staff.col.email')} rules={rule('email')}>
                    <Input maxLength={100} />
                  </Form.Item>
                  <Form.Item name="postalCode" label={t('staff.col.postalCode')} rules={rule('postalCode')}>
                    <Input maxLength={6} data-testid="staff-form-postal" />
                  </Form.Item>
                  <Form.Item name="address" label={t('staff.col.address')} rules={rule('address')} className="people-form-wide">
                    <Input maxLength={200} />
                  </Form.Item>
                  <Form.Item name="campusId" label={t('staff.col.campus')}>
                    <Select allowClear options={options?.campuses ?? []} />
                  </Form.Item>
                  <Form.Item name="establishmentDeptId" label={t('staff.col.establishmentDept')}>
                    <Select allowClear options={options?.departments ?? []} />
                  </Form.Item>
                  <Form.Item name="workingDeptId" label={t('staff.col.workingDept')}>
                    <Select allowClear options={options?.departments ?? []} />
                  </Form.Item>
                  <Form.Item name="researchGroupId" label={t('staff.col.researchGroup')}>
                    <Select allowClear showSearch optionFilterProp="label" options={options?.researchGroups ?? []} />
                  </Form.Item>
                  <Form.Item name="staffType" label={t('staff.col.staffType')}>
                    <Select allowClear options={options?.staffTypes ?? []} />
                  </Form.Item>
                  <Form.Item name="title" label={t('staff.col.title')} rules={rule('title')}>
                    <Input maxLength={50} />
                  </Form.Item>
                  <Form.Item name="education" label={t('staff.col.education')}>
                    <Select allowClear options={options?.educations ?? []} />
                  </Form.Item>
                  <Form.Item name="workStartDate" label={t('staff.col.workStartDate')} rules={rule('workStartDate')} dependencies={['birthDate']} {...dateField}>
                    <DatePicker style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item name="arrivalDate" label={t('staff.col.arrivalDate')} rules={rule('arrivalDate')} dependencies={['workStartDate']} {...dateField}>
                    <DatePicker style={{ width: '100%' }} />
                  </Form.Item>
                  {mode === 'view' && dialog?.row && (
                    <div className="people-form-wide" data-testid="staff-appointments">
                      <Form.Item label={t('staffPage.appointments')}>
                        <Space wrap>
                          {dialog.row.headTeacherOf.map((name) => (
                            <Tag key={`c-${name}`} color="green">
                              {t('staffPage.headTeacherOf', { name })}
                            </Tag>
                          ))}
                          {dialog.row.appointments.map((a, i) => (
                            <Tag key={`a-${i}`}>{`${t(`staffPage.appointment.${a.kind}`, { defaultValue: a.kind })}: ${a.scopeName}`}</Tag>
                          ))}
                          {!dialog.row.headTeacherOf.length && !dialog.row.appointments.length && <span>—</span>}
                        </Space>
                      </Form.Item>
                    </div>
                  )}
                </div>
              );
            }}
          </FormDialog>
          <ImportDialog<StaffImportResult>
            open={importing}
            onClose={() => setImporting(false)}
            onImported={reload}
            title={t('staffPage.importTitle')}
            hint={t('staffPage.importHint')}
            url="/api/records/staff/import"
            templateUrl="/api/records/staff/template"
            templateName={t('staff.templateName')}
            purpose="staffImport"
            successText={(result) => t('staff.imported', { count: result.imported })}
            testId="staff-import"
          />
          <AssignDialog staff={assigning} onClose={() => setAssigning(null)} onAssigned={reload} />
        </>
      )}
    </ManagePage>
  );
}

/** One-click class assignment: the chosen classes all get this staff member as their class teacher. */
function AssignDialog({ staff, onClose, onAssigned }: { staff: StaffRow | null; onClose: () => void; onAssigned: () => void }) {
  const { t } = useTranslation();
  const [classIds, setClassIds] = useState<number[]>([]);
  const [classes, setClasses] = useState<ClassAdminRow[]>([]);
  const [busy, setBusy] = useState(false);

  const load = async () => {
    const rows = await call<ClassAdminRow[]>('/api/records/staff/classes').catch(() => [] as ClassAdminRow[]);
    setClasses(rows);
    setClassIds(rows.filter((c) => c.classTeacherNumber === staff?.staffNumber).map((c) => c.id));
  };

  const save = async () => {
    if (!staff) return;
    // Classes this teacher led and no longer ticked lose their class teacher; ticked ones get this teacher.
    const released = classes.filter((c) => c.classTeacherNumber === staff.staffNumber && !classIds.includes(c.id)).map((c) => ({ classId: c.id, staffNumber: '' }));
    const assignments = [...classIds.map((classId) => ({ classId, staffNumber: staff.staffNumber })), ...released];
    if (!assignments.length) {
      feedback().message.warning(t('common.selectNone'));
      return;
    }
    setBusy(true);
    try {
      const envelope = await request('/api/records/staff/assignClasses', { json: { assignments } });
      feedback().message.success(envelope.msg || t('classes.assigned'));
      onAssigned();
      onClose();
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!staff}
      title={t('staffPage.assignTitle', { name: staff?.name ?? '' })}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('manage.save')}
      cancelText={t('manage.cancel')}
      confirmLoading={busy}
      afterOpenChange={(visible) => {
        if (visible) void load();
      }}
      destroyOnHidden
    >
      <div data-testid="staff-assign-dialog">
        <p>{t('staffPage.assignHint')}</p>
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          value={classIds}
          onChange={setClassIds}
          optionFilterProp="label"
          options={classes.map((c) => ({
            value: c.id,
            label: `${c.name}${c.classTeacherName && c.classTeacherNumber !== staff?.staffNumber ? ` (${t('staffPage.currentTeacher', { name: c.classTeacherName })})` : ''}`,
          }))}
          data-testid="staff-assign-classes"
        />
      </div>
    </Modal>
  );
}
