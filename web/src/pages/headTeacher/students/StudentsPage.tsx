import { Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { HeadTeacherClass } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { fetchStudents, headTeacherKeys } from '../api.ts';
import { ClassPage } from '../common/ClassPage.tsx';
import { StudentTable } from '../common/StudentTable.tsx';

/** /bzrgzscgl/xsgk students overview: every student of the class with the key facts (parents, dormitory, posts, conduct, awards). */
export default function StudentsPage({ route }: PageProps) {
  return (
    <ClassPage route={route} fromHub data-testid="ht-students-page">
      {(cls) => <Students cls={cls} />}
    </ClassPage>
  );
}

function Students({ cls }: { cls: HeadTeacherClass }) {
  const students = useQuery({ queryKey: headTeacherKeys.students(cls.id), queryFn: ({ signal }) => fetchStudents(cls.id, signal) });
  if (students.isPending) return <Spin />;
  return <StudentTable students={students.data ?? []} full />;
}
