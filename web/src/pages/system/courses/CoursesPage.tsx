import { useMemo, useState } from 'react';
import { Form, Input, InputNumber, Select, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { courseFormSchema, type CourseForm, type CourseRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { ManagePage, FormDialog, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { toBoolean, toSelect, useCampusOptions } from '../facilities/campusShared.tsx';

interface SearchForm {
  keyword?: string;
  researchGroupId?: number;
  isElective?: 'true' | 'false';
}

/** /xtgl/kcgl: courses with their teaching-research group (issue 4 item 8). */
export default function CoursesPage(_props: PageProps) {
  const { t } = useTranslation();
  const options = useCampusOptions();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: CourseRow } | null>(null);
  const initialValues = useMemo<Partial<CourseForm>>(
    () => (dialog?.row ? { ...dialog.row, nameEn: dialog.row.nameEn ?? '', researchGroupId: dialog.row.researchGroupId ?? undefined } : { sort: 0, isElective: false }),
    [dialog],
  );
  const english = currentLanguage() === 'en';

  return (
    <ManagePage<CourseRow, SearchForm>
      permission="system:course"
      listUrl="/api/system/courses/page"
      exportUrl="/api/system/courses/export"
      exportName={t('courses.exportName')}
      deleteUrl="/api/system/courses/delete"
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={(values) => ({ ...values, isElective: toBoolean(values.isElective) })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('campusUi.keyword')}>
            <Input allowClear maxLength={64} placeholder={t('campusUi.keywordPlaceholder')} data-testid="courses-keyword" />
          </Form.Item>
          <Form.Item name="researchGroupId" label={t('courses.researchGroup')}>
            <Select allowClear options={toSelect(options.researchGroups)} placeholder={t('manage.all')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="isElective" label={t('courses.isElective')}>
            <Select
              allowClear
              placeholder={t('manage.all')}
              style={{ width: 110 }}
              options={[
                { value: 'true', label: t('common.yes') },
                { value: 'false', label: t('common.no') },
              ]}
            />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'code', dataIndex: 'code', title: t('org.code'), sorter: true, width: 120 },
        { key: 'name', dataIndex: 'name', title: t('org.name'), sorter: true, width: 140, render: (value: string, row: CourseRow) => (english && row.nameEn) || value },
        { key: 'nameEn', dataIndex: 'nameEn', title: t('org.nameEn'), width: 180 },
        { key: 'researchGroupName', dataIndex: 'researchGroupName', title: t('courses.researchGroup'), width: 140 },
        { key: 'isElective', dataIndex: 'isElective', title: t('courses.isElective'), sorter: true, width: 100, render: (value: boolean) => (value ? <Tag color="blue">{t('common.yes')}</Tag> : t('common.no')) },
        { key: 'sort', dataIndex: 'sort', title: t('org.sort'), sorter: true, width: 80 },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} editTestId={`courses-edit-${row.code}`} />
          {canDelete && <DeleteButton type="link" size="small" url="/api/system/courses/delete" param={{ ids: [row.id] }} onSuccess={reload} />}
        </>
      )}
      data-testid="courses-page"
    >
      {({ reload }) => (
        <FormDialog<CourseForm>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(dialog?.mode === 'add' ? 'campusUi.courseAdd' : dialog?.mode === 'edit' ? 'campusUi.courseEdit' : 'campusUi.courseView')}
          initialValues={initialValues}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            await call(dialog?.mode === 'add' ? '/api/system/courses/create' : '/api/system/courses/update', { json: { ...values, id: dialog?.row?.id } });
            feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
            options.reload();
            reload();
          }}
          data-testid="courses-dialog"
        >
          {(form) => (
            <>
              <Form.Item name="code" label={t('org.code')} required rules={[zodRule(courseFormSchema, 'code', form)]}>
                <Input maxLength={30} data-testid="courses-form-code" />
              </Form.Item>
              <Form.Item name="name" label={t('org.name')} required rules={[zodRule(courseFormSchema, 'name', form)]}>
                <Input maxLength={100} data-testid="courses-form-name" />
              </Form.Item>
              <Form.Item name="nameEn" label={t('org.nameEn')} rules={[zodRule(courseFormSchema, 'nameEn', form)]}>
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="researchGroupId" label={t('courses.researchGroup')} rules={[zodRule(courseFormSchema, 'researchGroupId', form)]}>
                <Select allowClear options={toSelect(options.researchGroups)} />
              </Form.Item>
              <Form.Item name="isElective" label={t('courses.isElective')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="sort" label={t('org.sort')} rules={[zodRule(courseFormSchema, 'sort', form)]} extra={t('campusUi.sortHint')}>
                <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} data-testid="courses-form-sort" />
              </Form.Item>
            </>
          )}
        </FormDialog>
      )}
    </ManagePage>
  );
}
