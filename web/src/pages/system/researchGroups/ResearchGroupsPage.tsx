import { useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Switch, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RESEARCH_GROUP_MAX_LENGTH, RESEARCH_MEETING_URL, researchGroupFormSchema, type ResearchGroupForm, type ResearchGroupRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { ManagePage, FormDialog, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { EnabledTag, StaffPicker, toBoolean, toSelect, useCampusOptions } from '../facilities/campusShared.tsx';

interface SearchForm {
  keyword?: string;
  enabled?: 'true' | 'false';
}

/** /xtgl/jyzgl: teaching-research groups with course, leader and members (issue 4 item 9). */
export default function ResearchGroupsPage(_props: PageProps) {
  const { t } = useTranslation();
  const options = useCampusOptions();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: ResearchGroupRow } | null>(null);
  const navigate = useNavigate();
  const initialValues = useMemo<Partial<ResearchGroupForm>>(
    () =>
      dialog?.row
        ? {
            ...dialog.row,
            parentId: dialog.row.parentId ?? undefined,
            nameEn: dialog.row.nameEn ?? '',
            courseId: dialog.row.courseId ?? undefined,
            leader: dialog.row.leader ?? '',
            members: dialog.row.members.map((m) => m.account),
            remark: dialog.row.remark ?? '',
          }
        : { enabled: true, sort: 0, members: [], leader: '' },
    [dialog],
  );

  return (
    <ManagePage<ResearchGroupRow, SearchForm>
      permission="system:researchGroup"
      listUrl="/api/system/researchGroups/page"
      exportUrl="/api/system/researchGroups/export"
      exportName={t('researchGroups.exportName')}
      deleteUrl="/api/system/researchGroups/delete"
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={(values) => ({ ...values, enabled: toBoolean(values.enabled) })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('campusUi.keyword')}>
            <Input allowClear maxLength={64} placeholder={t('campusUi.keywordPlaceholder')} data-testid="groups-keyword" />
          </Form.Item>
          <Form.Item name="enabled" label={t('org.enabled')}>
            <Select
              allowClear
              placeholder={t('manage.all')}
              style={{ width: 110 }}
              options={[
                { value: 'true', label: t('manage.enabled') },
                { value: 'false', label: t('manage.disabled') },
              ]}
            />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'code', dataIndex: 'code', title: t('org.code'), sorter: true, width: 110 },
        { key: 'name', dataIndex: 'name', title: t('org.name'), sorter: true, width: 140, render: (value: string, row: ResearchGroupRow) => (currentLanguage() === 'en' && row.nameEn) || value },
        { key: 'courseName', dataIndex: 'courseName', title: t('researchGroups.course'), width: 110 },
        { key: 'leaderName', dataIndex: 'leaderName', title: t('researchGroups.leader'), width: 100 },
        {
          key: 'members',
          title: t('researchGroups.members'),
          width: 260,
          render: (_: unknown, row: ResearchGroupRow) => (
            <>
              {row.members.slice(0, 4).map((m) => (
                <Tag key={m.account}>{m.name}</Tag>
              ))}
              {row.members.length > 4 && <Tag>{t('picker.more', { n: row.members.length - 4 })}</Tag>}
            </>
          ),
        },
        { key: 'enabled', dataIndex: 'enabled', title: t('org.enabled'), sorter: true, width: 90, render: (value: boolean) => <EnabledTag value={value} /> },
        { key: 'sort', dataIndex: 'sort', title: t('org.sort'), sorter: true, width: 70 },
        { key: 'remark', dataIndex: 'remark', title: t('researchGroups.remark'), ellipsis: true },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} editTestId={`groups-edit-${row.code}`} />
          {canDelete && <DeleteButton type="link" size="small" url="/api/system/researchGroups/delete" param={{ ids: [row.id] }} onSuccess={reload} data-testid={`groups-delete-${row.code}`} />}
          {/* Issue 17: the group's meetings (/jyhygl/hygl, a hidden page). */}
          <Button type="link" size="small" onClick={() => void navigate(`${RESEARCH_MEETING_URL}?groupId=${row.id}`)} data-testid={`groups-meetings-${row.code}`}>
            {t('meetingUi.open')}
          </Button>
        </>
      )}
      data-testid="groups-page"
    >
      {({ reload }) => (
        <FormDialog<ResearchGroupForm>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(dialog?.mode === 'add' ? 'campusUi.groupAdd' : dialog?.mode === 'edit' ? 'campusUi.groupEdit' : 'campusUi.groupView')}
          initialValues={initialValues}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            await call(dialog?.mode === 'add' ? '/api/system/researchGroups/create' : '/api/system/researchGroups/update', { json: { ...values, id: dialog?.row?.id } });
            feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
            options.reload();
            reload();
          }}
          data-testid="groups-dialog"
        >
          {(form, mode) => (
            <>
              <Form.Item name="name" label={t('org.name')} required rules={[zodRule(researchGroupFormSchema, 'name', form)]}>
                <Input maxLength={RESEARCH_GROUP_MAX_LENGTH} showCount data-testid="groups-form-name" />
              </Form.Item>
              <Form.Item name="code" label={t('org.code')} required rules={[zodRule(researchGroupFormSchema, 'code', form)]}>
                <Input maxLength={RESEARCH_GROUP_MAX_LENGTH} data-testid="groups-form-code" />
              </Form.Item>
              <Form.Item name="nameEn" label={t('org.nameEn')} rules={[zodRule(researchGroupFormSchema, 'nameEn', form)]}>
                <Input maxLength={RESEARCH_GROUP_MAX_LENGTH} data-testid="groups-form-name-en" />
              </Form.Item>
              <Form.Item name="courseId" label={t('researchGroups.course')} rules={[zodRule(researchGroupFormSchema, 'courseId', form)]}>
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={toSelect(options.courses)} data-testid="groups-form-course" />
              </Form.Item>
              <Form.Item name="leader" label={t('researchGroups.leader')} rules={[zodRule(researchGroupFormSchema, 'leader', form)]}>
                <StaffPicker disabled={mode === 'view'} testId="groups-form-leader" />
              </Form.Item>
              <Form.Item name="members" label={t('researchGroups.members')} dependencies={['leader']} rules={[zodRule(researchGroupFormSchema, 'members', form)]}>
                <StaffPicker multiple disabled={mode === 'view'} testId="groups-form-members" />
              </Form.Item>
              <Form.Item name="enabled" label={t('org.enabled')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="sort" label={t('org.sort')} rules={[zodRule(researchGroupFormSchema, 'sort', form)]}>
                <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="remark" label={t('researchGroups.remark')} rules={[zodRule(researchGroupFormSchema, 'remark', form)]}>
                <Input.TextArea maxLength={RESEARCH_GROUP_MAX_LENGTH} showCount rows={2} />
              </Form.Item>
            </>
          )}
        </FormDialog>
      )}
    </ManagePage>
  );
}
