import { useEffect, useState } from 'react';
import { Button, Input, Select, Space, Spin, Table, Typography } from 'antd';
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DUTY_GROUP_MAX, type DutyDay, type HeadTeacherClass } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { feedback } from '../../../app/feedback.ts';
import { fetchDuty, fetchStudents, headTeacherKeys, saveDuty } from '../api.ts';
import { ClassPage } from '../common/ClassPage.tsx';

/**
 * /bzrgzscgl/mzgz weekly duty: the class's duty group of each teaching day, its leader and its tasks. A student is
 * on duty once a week; the whole week is saved at once.
 */
export default function DutyPage({ route }: PageProps) {
  return (
    <ClassPage route={route} fromHub data-testid="ht-duty-page">
      {(cls) => <Duty key={cls.id} cls={cls} />}
    </ClassPage>
  );
}

function Duty({ cls }: { cls: HeadTeacherClass }) {
  const { t, i18n } = useTranslation();
  const separator = i18n.language === 'en' ? ', ' : '、';
  const client = useQueryClient();
  const roster = useQuery({ queryKey: headTeacherKeys.duty(cls.id), queryFn: ({ signal }) => fetchDuty(cls.id, signal) });
  const students = useQuery({ queryKey: headTeacherKeys.students(cls.id), queryFn: ({ signal }) => fetchStudents(cls.id, signal) });
  const [days, setDays] = useState<DutyDay[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (roster.data) setDays(roster.data);
  }, [roster.data]);
  if (roster.isPending) return <Spin />;

  const nameOf = new Map((students.data ?? []).map((student) => [student.id, student.name]));
  const onDuty = new Map(days.flatMap((day) => day.studentIds.map((id) => [id, day.day] as const)));
  const change = (day: number, patch: Partial<DutyDay>) => setDays(days.map((item) => (item.day === day ? { ...item, ...patch } : item)));
  const free = (students.data ?? []).filter((student) => !onDuty.has(student.id));
  const save = async () => {
    setSaving(true);
    try {
      const msg = await saveDuty({ classId: cls.id, days: days.map((day) => ({ day: day.day, leaderStudentId: day.leaderStudentId ?? undefined, studentIds: day.studentIds, tasks: day.tasks })) });
      feedback().message.success(msg);
      await client.invalidateQueries({ queryKey: headTeacherKeys.duty(cls.id) });
    } catch {
      // Shown by the request client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Table<DutyDay>
        rowKey="day"
        dataSource={days}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="ht-duty-table"
        columns={[
          { key: 'day', title: t('htDuty.day'), dataIndex: 'dayName', width: 90 },
          {
            key: 'students',
            title: t('htDuty.group'),
            width: 420,
            render: (_: unknown, day) =>
              cls.editable ? (
                <Select
                  mode="multiple"
                  value={day.studentIds}
                  style={{ width: 400 }}
                  optionFilterProp="label"
                  maxCount={DUTY_GROUP_MAX}
                  // A student already on another day is not offered (once a week each).
                  options={(students.data ?? []).filter((s) => !onDuty.has(s.id) || onDuty.get(s.id) === day.day).map((s) => ({ value: s.id, label: s.name }))}
                  onChange={(ids: number[]) => change(day.day, { studentIds: ids, leaderStudentId: day.leaderStudentId && ids.includes(day.leaderStudentId) ? day.leaderStudentId : null })}
                  data-testid={`ht-duty-students-${day.day}`}
                />
              ) : (
                day.studentIds.map((id) => nameOf.get(id) ?? '').join(separator) || '—'
              ),
          },
          {
            key: 'leader',
            title: t('htDuty.leader'),
            width: 150,
            render: (_: unknown, day) =>
              cls.editable ? (
                <Select
                  allowClear
                  value={day.leaderStudentId ?? undefined}
                  style={{ width: 130 }}
                  options={day.studentIds.map((id) => ({ value: id, label: nameOf.get(id) ?? '' }))}
                  onChange={(id?: number) => change(day.day, { leaderStudentId: id ?? null })}
                  data-testid={`ht-duty-leader-${day.day}`}
                />
              ) : (
                (day.leaderStudentId && nameOf.get(day.leaderStudentId)) || '—'
              ),
          },
          {
            key: 'tasks',
            title: t('htDuty.tasks'),
            width: 260,
            render: (_: unknown, day) =>
              cls.editable ? (
                <Input value={day.tasks} maxLength={200} onChange={(event) => change(day.day, { tasks: event.target.value })} data-testid={`ht-duty-tasks-${day.day}`} />
              ) : (
                day.tasks || '—'
              ),
          },
        ]}
      />
      <Typography.Text type="secondary" data-testid="ht-duty-free">
        {t('htDuty.free', { count: free.length, names: free.map((s) => s.name).join(separator) || '—' })}
      </Typography.Text>
      {cls.editable && (
        <Space>
          <Button icon={<UndoOutlined />} onClick={() => roster.data && setDays(roster.data)}>
            {t('htSeating.undo')}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="ht-duty-save">
            {t('htDuty.save')}
          </Button>
        </Space>
      )}
    </>
  );
}
