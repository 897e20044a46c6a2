import { Button, Modal, Table, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CourseStudentRow } from '@campus/contract';
import { electiveKeys, fetchCourseStudents } from '../../../api/electives.ts';
import { ChoiceStatusTag } from './parts.tsx';

export interface CourseStudentsTarget {
  sessionId: number;
  name: string;
  enrolled: number;
  capacity: number;
}

/** The students of an open course: who has a place, who waits for the lottery, as a major or a minor. */
export function CourseStudents({ target, onClose }: { target: CourseStudentsTarget | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const students = useQuery({
    queryKey: electiveKeys.students(target?.sessionId ?? 0),
    queryFn: ({ signal }) => fetchCourseStudents(target!.sessionId, signal),
    enabled: !!target,
  });
  const columns: TableColumnsType<CourseStudentRow> = [
    { key: 'studentNumber', dataIndex: 'studentNumber', title: t('electiveUi.studentNumber'), width: 130 },
    { key: 'name', dataIndex: 'name', title: t('electiveUi.studentName'), width: 110 },
    { key: 'className', dataIndex: 'className', title: t('electiveUi.className'), width: 130 },
    { key: 'kind', dataIndex: 'kind', title: t('electiveUi.kind'), width: 90, render: (kind: CourseStudentRow['kind']) => (kind ? t(`electiveUi.kind.${kind}`) : '—') },
    { key: 'status', dataIndex: 'status', title: t('electiveUi.choiceStatus'), width: 120, render: (status: CourseStudentRow['status']) => <ChoiceStatusTag status={status} /> },
  ];
  return (
    <Modal
      open={!!target}
      title={target ? t('electiveUi.studentsOf', { name: target.name }) : ''}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="elective-students-close">
          {t('manage.close')}
        </Button>
      }
      width={i18n.language === 'en' ? 760 : 680}
      destroyOnHidden
    >
      <div data-testid="elective-course-students">
        {target && (
          <Typography.Paragraph type="secondary">{t('electiveUi.enrolledOf', { enrolled: target.enrolled, capacity: target.capacity })}</Typography.Paragraph>
        )}
        <Table<CourseStudentRow>
          size="small"
          rowKey="studentId"
          loading={students.isFetching}
          dataSource={students.data ?? []}
          columns={columns}
          pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 'max-content', y: 420 }}
          locale={{ emptyText: t('electiveUi.noStudents') }}
        />
      </div>
    </Modal>
  );
}
