import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Select, Table, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SHIFT_URLS, shiftClassFormSchema, type ShiftBatchRow, type ShiftClassForm, type ShiftClassRow, type ShiftOptions } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { EMPTY_SHIFT_OPTIONS, fetchClasses, fetchShiftOptions, saveClass, shiftKeys } from '../../../api/shiftClasses.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { byName, schemaRule } from '../common/parts.tsx';
import { BatchPage, BlockTag, batchPageUrl, refusalText } from './parts.tsx';

/** /zbgl/bjgl?batchId=, shift classes: the formed classes with their block, teacher, room, size and scores. */
export default function ClassesPage(props: PageProps) {
  return (
    <BatchPage {...props} page="classes">
      {(batch) => <Classes batch={batch} />}
    </BatchPage>
  );
}

/** A class's subject and level, e.g. 'Physics' or 'Physics A'. */
export const subjectOf = (row: Pick<ShiftClassRow, 'courseName' | 'level'>) => (row.level ? `${row.courseName} ${row.level}` : row.courseName);

function Classes({ batch }: { batch: ShiftBatchRow }) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en';
  const navigate = useNavigate();
  const client = useQueryClient();
  const classes = useQuery({ queryKey: shiftKeys.classes(batch.id), queryFn: ({ signal }) => fetchClasses(batch.id, signal) });
  const options = useQuery({ queryKey: shiftKeys.options, queryFn: ({ signal }) => fetchShiftOptions(signal) });
  const [editing, setEditing] = useState<ShiftClassRow | null>(null);
  const [subject, setSubject] = useState<number | undefined>();
  const rows = useMemo(() => classes.data ?? [], [classes.data]);
  const subjects = useMemo(() => [...new Map(rows.map((row) => [row.batchCourseId, subjectOf(row)])).entries()].map(([value, label]) => ({ value, label })), [rows]);
  const shown = subject ? rows.filter((row) => row.batchCourseId === subject) : rows;

  const columns: TableColumnsType<ShiftClassRow> = [
    { key: 'number', dataIndex: 'number', title: t('shiftUi.col.number'), width: english ? 80 : 70, align: 'right', render: (value: number, row) => <span data-testid={`shift-class-number-${row.id}`}>{value}</span> },
    { key: 'name', dataIndex: 'name', title: t('shiftUi.col.className'), width: 120, render: (name: string, row) => <span className="elective-strong" data-testid={`shift-class-name-${row.id}`}>{name}</span> },
    { key: 'subject', title: t('shiftUi.col.subject'), width: 90, render: (_: unknown, row) => row.courseName },
    { key: 'level', dataIndex: 'level', title: t('shiftUi.col.level'), width: 56, render: (level: string) => level || '—' },
    { key: 'block', dataIndex: 'block', title: t('shiftUi.col.block'), width: 90, render: (block: number) => <BlockTag block={block} /> },
    { key: 'teacherName', dataIndex: 'teacherName', title: t('shiftUi.col.teacher'), width: 90, render: (name: string) => name || '—' },
    { key: 'classroomName', dataIndex: 'classroomName', title: t('shiftUi.col.room'), width: 120, render: (name: string) => name || '—' },
    {
      key: 'size',
      dataIndex: 'size',
      title: t('shiftUi.col.size'),
      width: 60,
      align: 'right',
      render: (size: number) => <span className={size > batch.maxClassSize || size < batch.minClassSize ? 'elective-full' : undefined}>{size}</span>,
    },
    { key: 'genders', title: t('shiftUi.col.genders'), width: english ? 100 : 76, render: (_: unknown, row) => t('shiftUi.classes.genders', { boys: row.boys, girls: row.girls }) },
    { key: 'averageScore', dataIndex: 'averageScore', title: t('shiftUi.col.averageScore'), width: english ? 80 : 70, align: 'right', render: (score: number | null) => (score === null ? '—' : score.toFixed(1)) },
    {
      key: 'actions',
      title: t('manage.actions'),
      width: english ? 170 : 150,
      render: (_: unknown, row) => (
        <div className="elective-row-actions">
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)} data-testid={`shift-class-edit-${row.id}`}>
            {t('manage.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<TeamOutlined />}
            onClick={() => void navigate(batchPageUrl(SHIFT_URLS.classStudents, batch.id, { shiftClassId: row.id }))}
            data-testid={`shift-class-students-${row.id}`}
          >
            {t('shiftUi.classes.students')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="shift-panel" data-testid="shift-classes">
      <div className="shift-bar">
        <span className="shift-panel-title">{t('shiftUi.classes.title', { count: rows.length })}</span>
        <Select
          allowClear
          value={subject}
          onChange={(value?: number) => setSubject(value)}
          options={subjects}
          placeholder={t('shiftUi.classes.allSubjects')}
          style={{ width: 160 }}
          data-testid="shift-classes-subject"
        />
        <Typography.Text type="secondary" className="elective-small">
          {t('shiftUi.classes.hint', { min: batch.minClassSize, max: batch.maxClassSize })}
        </Typography.Text>
      </div>
      {batch.formationStatus === 'none' && !rows.length && !classes.isPending ? (
        <Alert type="info" showIcon title={t('shift.notFormed')} data-testid="shift-classes-none" />
      ) : (
        <Table<ShiftClassRow>
          size="middle"
          rowKey="id"
          loading={classes.isFetching}
          dataSource={shown}
          columns={columns}
          pagination={shown.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          data-testid="shift-classes-table"
        />
      )}
      <ClassDialog
        row={editing}
        options={options.data ?? EMPTY_SHIFT_OPTIONS}
        onClose={() => setEditing(null)}
        onSaved={() => void client.invalidateQueries({ queryKey: shiftKeys.batch(batch.id) })}
      />
    </div>
  );
}

type ClassValues = Partial<ShiftClassForm>;

/** A class's number (unique in the batch), name, teacher and room; a refusal (a duplicate number) shows in the dialog. */
function ClassDialog({ row, options, onClose, onSaved }: { row: ShiftClassRow | null; options: ShiftOptions; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState('');
  const [shown, setShown] = useState<ShiftClassRow | null>(null);
  if (row !== shown) {
    setShown(row);
    setRefusal('');
  }
  const initialValues = useMemo<ClassValues>(
    () => (row ? { id: row.id, number: row.number, name: row.name, teacherId: row.teacherId ?? undefined, classroomId: row.classroomId ?? undefined } : {}),
    [row],
  );
  const teachers = useMemo(() => options.teachers.map((item) => ({ value: item.id, label: item.staffNumber ? `${item.name} (${item.staffNumber})` : item.name })), [options.teachers]);
  return (
    <FormDialog<ClassValues>
      open={!!row}
      mode="edit"
      title={t('shiftUi.classes.editTitle', { name: row?.name ?? '' })}
      initialValues={initialValues}
      onSubmit={async (values) => {
        setRefusal('');
        try {
          const msg = await saveClass({ ...values, id: row!.id, teacherId: values.teacherId ?? null, classroomId: values.classroomId ?? null } as ShiftClassForm);
          feedback().message.success(msg || t('shift.saved'));
          onSaved();
        } catch (error) {
          setRefusal(refusalText(error));
          throw error;
        }
      }}
      onClose={onClose}
      data-testid="shift-class-dialog"
    >
      {(form) => {
        const rule = (field: keyof ShiftClassForm) => [schemaRule(shiftClassFormSchema, () => ({ ...form.getFieldsValue(true), id: row?.id ?? 0 }), [field])];
        return (
          <>
            <div className="elective-form-grid">
              <Form.Item name="number" label={t('shiftUi.col.number')} required rules={rule('number')}>
                <InputNumber min={1} max={999} precision={0} style={{ width: '100%' }} onChange={() => setRefusal('')} data-testid="shift-class-number" />
              </Form.Item>
              <Form.Item name="name" label={t('shiftUi.col.className')} required rules={rule('name')}>
                <Input maxLength={50} data-testid="shift-class-name" />
              </Form.Item>
              <Form.Item name="teacherId" label={t('shiftUi.col.teacher')}>
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={teachers} placeholder={t('shiftUi.classes.teacherHint')} data-testid="shift-class-teacher" />
              </Form.Item>
              <Form.Item name="classroomId" label={t('shiftUi.col.room')}>
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={byName(options.classrooms)} data-testid="shift-class-room" />
              </Form.Item>
            </div>
            {refusal && <Alert type="error" showIcon title={refusal} data-testid="shift-class-error" />}
          </>
        );
      }}
    </FormDialog>
  );
}
