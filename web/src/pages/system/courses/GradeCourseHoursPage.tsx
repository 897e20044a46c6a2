import { useMemo, useState } from 'react';
import { Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { gradeCourseHoursFormSchema, type GradeCourseHoursForm, type GradeCourseHoursRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { ManagePage, FormDialog, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { toSelect, useCampusOptions } from '../facilities/campusShared.tsx';

interface SearchForm {
  termId?: number;
  gradeId?: number;
  courseId?: number;
}

/** /xtgl/njks: weekly hours of each course in each grade for a term (issue 4 item 8). */
export default function GradeCourseHoursPage(_props: PageProps) {
  const { t } = useTranslation();
  const options = useCampusOptions();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: GradeCourseHoursRow } | null>(null);
  const english = currentLanguage() === 'en';
  const currentTerm = options.terms.find((term) => term.kind === 'current')?.id;
  const initialValues = useMemo<Partial<GradeCourseHoursForm>>(() => (dialog?.row ? { ...dialog.row } : { termId: currentTerm, weeklyHours: 1 }), [dialog, currentTerm]);

  return (
    <ManagePage<GradeCourseHoursRow, SearchForm>
      permission="system:gradeCourseHours"
      listUrl="/api/system/gradeCourseHours/page"
      exportUrl="/api/system/gradeCourseHours/export"
      exportName={t('gradeHours.exportName')}
      deleteUrl="/api/system/gradeCourseHours/delete"
      onAdd={() => setDialog({ mode: 'add' })}
      searchFields={() => (
        <>
          <Form.Item name="termId" label={t('gradeHours.term')}>
            <Select allowClear options={toSelect(options.terms)} placeholder={t('manage.all')} style={{ width: 220 }} data-testid="hours-term" />
          </Form.Item>
          <Form.Item name="gradeId" label={t('gradeHours.grade')}>
            <Select allowClear options={toSelect(options.grades)} placeholder={t('manage.all')} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="courseId" label={t('gradeHours.course')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={toSelect(options.courses)} placeholder={t('manage.all')} style={{ width: 140 }} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'termName', dataIndex: 'termName', title: t('gradeHours.term'), sorter: true, width: 220, render: (value: string, row: GradeCourseHoursRow) => (english && row.termNameEn) || value },
        { key: 'gradeName', dataIndex: 'gradeName', title: t('gradeHours.grade'), sorter: true, width: 110, render: (value: string, row: GradeCourseHoursRow) => (english && row.gradeNameEn) || value },
        { key: 'courseName', dataIndex: 'courseName', title: t('gradeHours.course'), sorter: true, width: 160, render: (value: string, row: GradeCourseHoursRow) => (english && row.courseNameEn) || value },
        { key: 'weeklyHours', dataIndex: 'weeklyHours', title: t('gradeHours.weeklyHours'), sorter: true, width: 110 },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} />
          {canDelete && <DeleteButton type="link" size="small" url="/api/system/gradeCourseHours/delete" param={{ ids: [row.id] }} onSuccess={reload} />}
        </>
      )}
      data-testid="hours-page"
    >
      {({ reload }) => (
        <FormDialog<GradeCourseHoursForm>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(dialog?.mode === 'add' ? 'campusUi.hoursAdd' : dialog?.mode === 'edit' ? 'campusUi.hoursEdit' : 'campusUi.hoursView')}
          initialValues={initialValues}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            await call(dialog?.mode === 'add' ? '/api/system/gradeCourseHours/create' : '/api/system/gradeCourseHours/update', { json: { ...values, id: dialog?.row?.id } });
            feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
            reload();
          }}
          data-testid="hours-dialog"
        >
          {(form) => (
            <>
              <Form.Item name="termId" label={t('gradeHours.term')} required rules={[zodRule(gradeCourseHoursFormSchema, 'termId', form)]}>
                <Select options={toSelect(options.terms)} />
              </Form.Item>
              <Form.Item name="gradeId" label={t('gradeHours.grade')} required rules={[zodRule(gradeCourseHoursFormSchema, 'gradeId', form)]}>
                <Select options={toSelect(options.grades)} />
              </Form.Item>
              <Form.Item name="courseId" label={t('gradeHours.course')} required rules={[zodRule(gradeCourseHoursFormSchema, 'courseId', form)]}>
                <Select showSearch={{ optionFilterProp: 'label' }} options={toSelect(options.courses)} />
              </Form.Item>
              <Form.Item name="weeklyHours" label={t('gradeHours.weeklyHours')} required rules={[zodRule(gradeCourseHoursFormSchema, 'weeklyHours', form)]}>
                <InputNumber min={0} max={40} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </>
          )}
        </FormDialog>
      )}
    </ManagePage>
  );
}
