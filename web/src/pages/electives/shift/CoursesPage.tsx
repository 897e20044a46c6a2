import { useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Radio, Select, Table, Tag, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SHIFT_COURSE_GROUPS, shiftCourseFormSchema, type ShiftBatchRow, type ShiftCourseForm, type ShiftCourseRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { EMPTY_SHIFT_OPTIONS, SHIFT_CALLS, fetchCourses, fetchShiftOptions, saveCourse, shiftKeys } from '../../../api/shiftClasses.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { byName, schemaRule } from '../common/parts.tsx';
import { BatchPage } from './parts.tsx';

/** /zbgl/zykcgl?batchId=, choice subjects: the subjects (and levels) a batch's students choose from. */
export default function CoursesPage(props: PageProps) {
  return (
    <BatchPage {...props} page="courses">
      {(batch) => <Courses batch={batch} />}
    </BatchPage>
  );
}

/** The subject's group shows under 3+1+2 only (3+3 chooses any three). */
export function GroupTag({ group }: { group: ShiftCourseRow['choiceGroup'] }) {
  const { t } = useTranslation();
  return <Tag color={group === 'first' ? 'blue' : 'default'} className="elective-tag">{t(`shiftUi.group.${group}`)}</Tag>;
}

function Courses({ batch }: { batch: ShiftBatchRow }) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en';
  const client = useQueryClient();
  const courses = useQuery({ queryKey: shiftKeys.courses(batch.id), queryFn: ({ signal }) => fetchCourses(batch.id, signal) });
  const options = useQuery({ queryKey: shiftKeys.options, queryFn: ({ signal }) => fetchShiftOptions(signal) });
  const [editing, setEditing] = useState<{ row: ShiftCourseRow | null } | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: shiftKeys.batch(batch.id) });

  const columns: TableColumnsType<ShiftCourseRow> = [
    { key: 'courseName', dataIndex: 'courseName', title: t('shiftUi.col.subject'), width: 140, render: (name: string) => <span className="elective-strong">{name}</span> },
    { key: 'level', dataIndex: 'level', title: t('shiftUi.col.level'), width: 100, render: (level: string) => level || '—' },
    ...(batch.scheme === '312'
      ? [{ key: 'choiceGroup', dataIndex: 'choiceGroup', title: t('shiftUi.col.group'), width: english ? 140 : 100, render: (group: ShiftCourseRow['choiceGroup']) => <GroupTag group={group} /> }]
      : []),
    { key: 'weeklyHours', dataIndex: 'weeklyHours', title: t('shiftUi.col.weeklyHours'), width: 100, align: 'right' },
    { key: 'sort', dataIndex: 'sort', title: t('shiftUi.col.sort'), width: 80, align: 'right' },
    { key: 'chosenBy', dataIndex: 'chosenBy', title: t('shiftUi.col.chosenBy'), width: 100, align: 'right' },
    { key: 'classCount', dataIndex: 'classCount', title: t('shiftUi.col.classes'), width: 90, align: 'right' },
    {
      key: 'actions',
      title: t('manage.actions'),
      width: english ? 170 : 150,
      render: (_: unknown, row) => (
        <div className="elective-row-actions">
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ row })} data-testid={`shift-course-edit-${row.id}`}>
            {t('manage.edit')}
          </Button>
          <DeleteButton
            url={SHIFT_CALLS.coursesDelete}
            param={{ batchId: batch.id, ids: [row.id] }}
            type="link"
            size="small"
            icon={null}
            onSuccess={refresh}
            data-testid={`shift-course-delete-${row.id}`}
          />
        </div>
      ),
    },
  ];

  return (
    <div className="shift-panel" data-testid="shift-courses">
      <div className="shift-bar">
        <span className="shift-panel-title">{t('shiftUi.courses.title')}</span>
        <span className="elective-small elective-muted">{t(batch.scheme === '312' ? 'shiftUi.courses.hint312' : 'shiftUi.courses.hint33')}</span>
        <span className="shift-bar-spacer" />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })} data-testid="shift-course-add">
          {t('manage.add')}
        </Button>
      </div>
      <Table<ShiftCourseRow>
        size="middle"
        rowKey="id"
        loading={courses.isFetching}
        dataSource={courses.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="shift-courses-table"
      />
      <CourseDialog
        batch={batch}
        editing={editing}
        courses={(options.data ?? EMPTY_SHIFT_OPTIONS).courses}
        existing={courses.data ?? []}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
    </div>
  );
}

type CourseValues = Partial<ShiftCourseForm>;

function CourseDialog({
  batch,
  editing,
  courses,
  existing,
  onClose,
  onSaved,
}: {
  batch: ShiftBatchRow;
  editing: { row: ShiftCourseRow | null } | null;
  courses: { id: number; name: string }[];
  existing: ShiftCourseRow[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const row = editing?.row ?? null;
  const initialValues = useMemo<CourseValues>(
    () =>
      row
        ? { id: row.id, batchId: batch.id, courseId: row.courseId, level: row.level, choiceGroup: row.choiceGroup, weeklyHours: row.weeklyHours, sort: row.sort }
        : { batchId: batch.id, level: '', choiceGroup: 'second', weeklyHours: 4, sort: existing.length },
    [row, batch.id, existing.length],
  );
  return (
    <FormDialog<CourseValues>
      open={!!editing}
      mode={row ? 'edit' : 'add'}
      title={t(row ? 'shiftUi.courses.editTitle' : 'shiftUi.courses.addTitle')}
      initialValues={initialValues}
      onSubmit={async (values) => {
        const { msg } = await saveCourse({ ...values, batchId: batch.id } as ShiftCourseForm);
        feedback().message.success(msg || t('shift.saved'));
        onSaved();
      }}
      onClose={onClose}
      data-testid="shift-course-dialog"
    >
      {(form) => {
        const rule = (field: keyof ShiftCourseForm) => [schemaRule(shiftCourseFormSchema, () => ({ ...form.getFieldsValue(true), batchId: batch.id }), [field])];
        return (
          <div className="elective-form-grid">
            <Form.Item name="courseId" label={t('shiftUi.col.subject')} required rules={rule('courseId')}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={byName(courses)} data-testid="shift-course-subject" />
            </Form.Item>
            <Form.Item name="level" label={t('shiftUi.col.level')} rules={rule('level')} extra={t('shiftUi.courses.levelHint')}>
              <Input maxLength={20} data-testid="shift-course-level" />
            </Form.Item>
            <Form.Item name="choiceGroup" label={t('shiftUi.col.group')} required rules={rule('choiceGroup')} hidden={batch.scheme !== '312'}>
              <Radio.Group options={SHIFT_COURSE_GROUPS.map((group) => ({ value: group, label: t(`shiftUi.group.${group}`) }))} data-testid="shift-course-group" />
            </Form.Item>
            <Form.Item name="weeklyHours" label={t('shiftUi.col.weeklyHours')} required rules={rule('weeklyHours')}>
              <InputNumber min={1} max={10} precision={0} style={{ width: '100%' }} data-testid="shift-course-hours" />
            </Form.Item>
            <Form.Item name="sort" label={t('shiftUi.col.sort')} rules={rule('sort')}>
              <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} data-testid="shift-course-sort" />
            </Form.Item>
          </div>
        );
      }}
    </FormDialog>
  );
}
