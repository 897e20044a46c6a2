import { useMemo, useState } from 'react';
import { Descriptions, Form, Input, Switch, Table, Tag, Typography, type FormInstance, type TableColumnsType } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  GROUP_NAME_MAX,
  STUDENT_GROUP_PERMISSIONS,
  studentGroupFormSchema,
  type StudentGroupDetail,
  type StudentGroupForm,
  type StudentGroupMember,
  type StudentGroupRow,
} from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { feedback } from '../../../app/feedback.ts';
import { t as translate } from '../../../i18n/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FormDialog, ManagePage, RecordActions } from '../../../components/ManagePage/index.ts';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { MemberPicker } from './MemberPicker.tsx';
import { STUDENT_GROUP_CALLS, fetchStudentGroup, saveStudentGroup, studentGroupKeys } from './groupsCalls.ts';
import './groups.css';

const REMARKS_MAX = 200;

interface SearchForm {
  keyword?: string;
  mine?: boolean;
}

/** The dialog's values: the members as shown; the body carries their ids. */
export interface GroupFormValues {
  name?: string;
  remarks?: string;
  shared?: boolean;
  members?: StudentGroupMember[];
}

type Editing = { mode: 'add' } | { mode: 'edit'; group: StudentGroupDetail };

/** The save body of the dialog's values (no id: a new group). */
export function groupBody(values: GroupFormValues, id?: number): StudentGroupForm {
  return {
    ...(id ? { id } : {}),
    name: (values.name ?? '').trim(),
    remarks: (values.remarks ?? '').trim(),
    shared: !!values.shared,
    studentIds: (values.members ?? []).map((member) => member.id),
  };
}

/** The contract's message for a field of the dialog (the members are the body's studentIds), if refused. */
export function groupIssue(values: GroupFormValues, field: 'name' | 'remarks' | 'members'): string | undefined {
  const result = studentGroupFormSchema.safeParse(groupBody(values));
  if (result.success) return undefined;
  const path = field === 'members' ? 'studentIds' : field;
  return result.error.issues.find((issue) => issue.path[0] === path)?.message;
}

const groupRule = (form: FormInstance<GroupFormValues>, field: 'name' | 'remarks' | 'members'): RuleObject => ({
  validator: async () => {
    const issue = groupIssue(form.getFieldsValue(true) as GroupFormValues, field);
    if (issue) throw new Error(translate(issue, { max: GROUP_NAME_MAX }));
  },
});

/** The add / modify dialog's fields. */
function GroupFields({ form }: { form: FormInstance<GroupFormValues> }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="student-groups-form-row">
        <Form.Item name="name" label={t('groupsPage.name')} required rules={[groupRule(form, 'name')]} className="student-groups-form-name">
          <Input maxLength={GROUP_NAME_MAX} showCount placeholder={t('groupsPage.namePlaceholder')} data-testid="group-form-name" />
        </Form.Item>
        <Form.Item name="shared" label={t('groupsPage.shared')} valuePropName="checked" tooltip={t('groupsPage.sharedHint')}>
          <Switch data-testid="group-form-shared" />
        </Form.Item>
      </div>
      <Form.Item name="remarks" label={t('groupsPage.remarks')} rules={[groupRule(form, 'remarks')]}>
        <Input.TextArea maxLength={REMARKS_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder={t('groupsPage.remarksPlaceholder')} data-testid="group-form-remarks" />
      </Form.Item>
      <Form.Item name="members" label={t('groupsPage.members')} required rules={[groupRule(form, 'members')]}>
        <MemberPicker />
      </Form.Item>
    </>
  );
}

/** A group's facts and its members. */
function GroupView({ group, onClose }: { group: StudentGroupDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const columns: TableColumnsType<StudentGroupMember> = [
    { key: 'name', dataIndex: 'name', title: t('groupsPage.member.name') },
    { key: 'studentNumber', dataIndex: 'studentNumber', title: t('groupsPage.member.studentNumber') },
    { key: 'className', dataIndex: 'className', title: t('groupsPage.member.class') },
  ];
  return (
    <SidePanel open={!!group} onClose={onClose} title={group ? t('groupsPage.viewTitle', { name: group.name }) : ''} width={phone ? '100%' : 640}>
      {group && (
        <div className="student-groups-view" data-testid="group-view">
          <Descriptions
            size="small"
            column={1}
            bordered
            styles={{ label: { width: 110 } }}
            items={[
              { key: 'name', label: t('groupsPage.name'), children: group.name },
              { key: 'remarks', label: t('groupsPage.remarks'), children: group.remarks || '—' },
              { key: 'shared', label: t('groupsPage.shared'), children: <SharedTag shared={group.shared} /> },
              { key: 'owner', label: t('groupsPage.owner'), children: group.ownerName || '—' },
              { key: 'updatedAt', label: t('groupsPage.updatedAt'), children: group.updatedAt },
            ]}
          />
          <Typography.Text strong data-testid="group-view-count">
            {t('groupsPage.memberCount', { count: group.members.length })}
          </Typography.Text>
          <Table<StudentGroupMember>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={group.members}
            pagination={group.members.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            data-testid="group-view-members"
          />
        </div>
      )}
    </SidePanel>
  );
}

function SharedTag({ shared }: { shared: boolean }) {
  const { t } = useTranslation();
  return <Tag color={shared ? 'blue' : undefined}>{t(shared ? 'groupsPage.sharedYes' : 'groupsPage.sharedNo')}</Tag>;
}

/**
 * /cjfxNew/zdyqtgl, Custom student groups: a teacher's named sets of students (top students, art and sports
 * students, borderline students …) whose scores the analysis reads together. Every teacher sees their own
 * groups and the shared ones; only a group's owner modifies or deletes it.
 */
export default function StudentGroupsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [viewing, setViewing] = useState<StudentGroupDetail | null>(null);

  const open = async (row: StudentGroupRow, as: 'view' | 'edit') => {
    try {
      const group = await fetchStudentGroup(row.id);
      if (as === 'view') setViewing(group);
      else setEditing({ mode: 'edit', group });
    } catch {
      // The request client has shown why (e.g. deleted meanwhile).
    }
  };

  const group = editing?.mode === 'edit' ? editing.group : undefined;
  const initialValues = useMemo<GroupFormValues>(
    () => (group ? { name: group.name, remarks: group.remarks, shared: group.shared, members: group.members } : { name: '', remarks: '', shared: false, members: [] }),
    [group],
  );

  const changed = () => void queryClient.invalidateQueries({ queryKey: studentGroupKeys.all });

  const save = async (values: GroupFormValues, reload: () => void) => {
    const body = groupBody(values, group?.id);
    const msg = await saveStudentGroup(body);
    feedback().message.success(msg || t(group ? 'common.updated' : 'common.created'));
    reload();
    changed();
  };

  return (
    <ManagePage<StudentGroupRow, SearchForm>
      permission={STUDENT_GROUP_PERMISSIONS.view}
      editPermission={STUDENT_GROUP_PERMISSIONS.edit}
      deletePermission={STUDENT_GROUP_PERMISSIONS.delete}
      listUrl={STUDENT_GROUP_CALLS.page}
      title={routeTitle(route, i18n.language)}
      onAdd={() => setEditing({ mode: 'add' })}
      toSearch={(values) => ({ keyword: values.keyword?.trim() || undefined, mine: values.mine ? true : undefined })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('groupsPage.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('groupsPage.keywordPlaceholder')} data-testid="group-search-keyword" />
          </Form.Item>
          <Form.Item name="mine" label={t('groupsPage.onlyMine')} valuePropName="checked">
            <Switch data-testid="group-search-mine" />
          </Form.Item>
        </>
      )}
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          title: t('groupsPage.name'),
          width: 180,
          render: (value: string, row: StudentGroupRow) => (
            <span className="student-groups-name">
              <span>{value}</span>
              {row.mine && (
                <Tag color="green" className="student-groups-tag" data-testid={`group-mine-${row.id}`}>
                  {t('groupsPage.mineTag')}
                </Tag>
              )}
            </span>
          ),
        },
        { key: 'remarks', dataIndex: 'remarks', title: t('groupsPage.remarks'), width: 200, render: (value: string) => <span className="student-groups-remarks">{value || '—'}</span> },
        { key: 'shared', dataIndex: 'shared', title: t('groupsPage.shared'), width: 90, render: (value: boolean) => <SharedTag shared={value} /> },
        { key: 'ownerName', dataIndex: 'ownerName', title: t('groupsPage.owner'), width: 100, render: (value: string | null) => value || '—' },
        { key: 'memberCount', dataIndex: 'memberCount', title: t('groupsPage.memberCountCol'), width: 90, align: 'right' },
        {
          key: 'classNames',
          dataIndex: 'classNames',
          title: t('groupsPage.classes'),
          width: 220,
          render: (value: string[] | undefined) => <span className="student-groups-classes">{(value ?? []).join(t('groupsPage.separator')) || '—'}</span>,
        },
        { key: 'updatedAt', dataIndex: 'updatedAt', title: t('groupsPage.updatedAt'), width: 150 },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => void open(row, 'view')} onEdit={canEdit && row.mine ? () => void open(row, 'edit') : undefined} viewTestId={`group-view-${row.id}`} editTestId={`group-edit-${row.id}`} />
          {canDelete && row.mine && (
            <DeleteButton
              type="link"
              size="small"
              url={STUDENT_GROUP_CALLS.delete}
              param={{ ids: [row.id] }}
              text={t('groupsPage.deleteConfirm', { name: row.name })}
              onSuccess={() => {
                reload();
                changed();
              }}
              data-testid={`group-delete-${row.id}`}
            />
          )}
        </>
      )}
      actionsWidth={220}
      data-testid="groups-page"
    >
      {({ reload }) => (
        <>
          <FormDialog<GroupFormValues>
            open={!!editing}
            mode={editing?.mode ?? 'add'}
            title={group ? t('groupsPage.editTitle', { name: group.name }) : t('groupsPage.addTitle')}
            initialValues={initialValues}
            onClose={() => setEditing(null)}
            onSubmit={(values) => save(values, reload)}
            data-testid="group-dialog"
          >
            {(form) => <GroupFields form={form} />}
          </FormDialog>
          <GroupView group={viewing} onClose={() => setViewing(null)} />
        </>
      )}
    </ManagePage>
  );
}
