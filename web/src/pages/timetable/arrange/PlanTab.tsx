import { useMemo, useState } from 'react';
import { Button, Form, InputNumber, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, ImportOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ArrangeOptions, PlanRow } from '@campus/contract';
import { arrangeKeys, fetchPlan, fillPlan, savePlanItem } from '../../../api/timetableArrange.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { byName } from '../changes/parts.tsx';

interface PlanValues {
  teacherId?: number;
  classroomId?: number;
  doublePeriods: number;
}

/**
 * The term's teaching plan: each course of each class with its weekly hours (the grade-course hours), who
 * teaches it, in which room (none: the class's own) and how many double periods; filtered by grade and class.
 */
export function PlanTab({ termId, options, english }: { termId: number; options: ArrangeOptions; english: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [gradeId, setGradeId] = useState<number | undefined>();
  const [classId, setClassId] = useState<number | undefined>();
  const [editing, setEditing] = useState<PlanRow | null>(null);
  const [filling, setFilling] = useState(false);
  const plan = useQuery({ queryKey: arrangeKeys.plan(termId, gradeId, classId), queryFn: ({ signal }) => fetchPlan({ termId, gradeId, classId }, signal) });
  const classes = useMemo(() => options.classes.filter((item) => !gradeId || item.gradeId === gradeId), [options.classes, gradeId]);
  const teacherOptions = useMemo(() => options.teachers.map((item) => ({ value: item.id, label: item.staffNumber ? `${item.name} (${item.staffNumber})` : item.name })), [options.teachers]);

  const fill = async () => {
    setFilling(true);
    try {
      const { msg, data } = await fillPlan(termId);
      feedback().message.success(msg || t('arrange.planFilled', { count: data?.count ?? 0 }));
      void client.invalidateQueries({ queryKey: arrangeKeys.planAll(termId) });
    } catch {
      // The request client has shown the server's message.
    } finally {
      setFilling(false);
    }
  };

  const columns: TableColumnsType<PlanRow> = [
    { key: 'class', dataIndex: 'className', title: t('arrangeUi.col.class'), width: 130 },
    { key: 'course', dataIndex: 'courseName', title: t('arrangeUi.col.course'), width: 120 },
    { key: 'hours', dataIndex: 'weeklyHours', title: t('arrangeUi.col.weeklyHours'), width: english ? 120 : 90, align: 'right' },
    {
      key: 'teacher',
      dataIndex: 'teacherName',
      title: t('arrangeUi.col.teacher'),
      width: 130,
      render: (name: string) => name || <Typography.Text type="warning">{t('arrangeUi.noTeacher')}</Typography.Text>,
    },
    {
      key: 'room',
      dataIndex: 'classroomName',
      title: t('arrangeUi.col.room'),
      width: 150,
      render: (name: string, row) => (row.classroomId ? name : <Typography.Text type="secondary">{t('arrangeUi.ownRoom')}</Typography.Text>),
    },
    { key: 'double', dataIndex: 'doublePeriods', title: t('arrangeUi.col.doublePeriods'), width: english ? 130 : 90, align: 'right' },
    {
      key: '__actions',
      title: t('manage.actions'),
      width: 90,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)} data-testid={`arrange-plan-edit-${row.classId}-${row.courseId}`}>
          {t('manage.edit')}
        </Button>
      ),
    },
  ];

  return (
    <div className="arrange-plan" data-testid="arrange-plan">
      <div className="arrange-filters">
        <Space wrap>
          <Select
            allowClear
            value={gradeId}
            onChange={(value?: number) => {
              setGradeId(value);
              setClassId(undefined);
            }}
            options={byName(options.grades)}
            placeholder={t('arrangeUi.allGrades')}
            className="arrange-filter"
            aria-label={t('arrangeUi.grade')}
            data-testid="arrange-plan-grade"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={classId}
            onChange={(value?: number) => setClassId(value)}
            options={byName(classes)}
            placeholder={t('arrangeUi.allClasses')}
            className="arrange-filter"
            aria-label={t('arrangeUi.col.class')}
            data-testid="arrange-plan-class"
          />
        </Space>
        <Button icon={<ImportOutlined />} loading={filling} onClick={() => void fill()} data-testid="arrange-plan-fill">
          {t('arrangeUi.fillPlan')}
        </Button>
      </div>
      <Table<PlanRow>
        size="middle"
        rowKey={(row) => `${row.classId}-${row.courseId}`}
        columns={columns}
        dataSource={plan.data ?? []}
        loading={plan.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100, 200], showTotal: (count) => t('arrangeUi.rows', { count }) }}
        data-testid="arrange-plan-table"
      />
      <PlanDialog
        row={editing}
        termId={termId}
        teacherOptions={teacherOptions}
        options={options}
        onClose={() => setEditing(null)}
        onSaved={() => void client.invalidateQueries({ queryKey: arrangeKeys.planAll(termId) })}
      />
    </div>
  );
}

function PlanDialog({
  row,
  termId,
  teacherOptions,
  options,
  onClose,
  onSaved,
}: {
  row: PlanRow | null;
  termId: number;
  teacherOptions: { value: number; label: string }[];
  options: ArrangeOptions;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const maxDouble = row ? Math.floor(row.weeklyHours / 2) : 0;
  const initial = useMemo<Partial<PlanValues>>(() => (row ? { teacherId: row.teacherId ?? undefined, classroomId: row.classroomId ?? undefined, doublePeriods: row.doublePeriods } : {}), [row]);
  return (
    <FormDialog<PlanValues>
      open={!!row}
      mode="edit"
      title={row ? t('arrangeUi.planTitle', { class: row.className, course: row.courseName }) : ''}
      initialValues={initial}
      width={520}
      onClose={onClose}
      onSubmit={async (values) => {
        if (!row) return;
        const { msg } = await savePlanItem({
          termId,
          classId: row.classId,
          courseId: row.courseId,
          teacherId: values.teacherId ?? undefined,
          classroomId: values.classroomId ?? undefined,
          doublePeriods: values.doublePeriods ?? 0,
        });
        feedback().message.success(msg || t('arrange.saved'));
        onSaved();
      }}
      data-testid="arrange-plan-dialog"
    >
      {() => (
        <>
          <Form.Item label={t('arrangeUi.col.weeklyHours')}>
            <span data-testid="arrange-plan-hours">{row?.weeklyHours}</span>
          </Form.Item>
          <Form.Item name="teacherId" label={t('arrangeUi.col.teacher')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={teacherOptions} placeholder={t('arrangeUi.teacherPlaceholder')} data-testid="arrange-plan-teacher" />
          </Form.Item>
          <Form.Item name="classroomId" label={t('arrangeUi.col.room')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={byName(options.classrooms)} placeholder={t('arrangeUi.ownRoom')} data-testid="arrange-plan-room" />
          </Form.Item>
          <Form.Item name="doublePeriods" label={t('arrangeUi.col.doublePeriods')} extra={t('arrangeUi.doubleHint', { max: maxDouble })}>
            <InputNumber min={0} max={maxDouble} precision={0} data-testid="arrange-plan-double" />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
