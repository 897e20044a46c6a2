import { Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { HeadTeacherClass } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { TimetableView } from '../../../components/Timetable/index.ts';
import { fetchProfile, headTeacherKeys } from '../api.ts';
import { ClassPage } from '../common/ClassPage.tsx';

/** /bzrgzscgl/bzrkb class teacher timetable: the class teacher's own timetable (the timetable views' component and calls). */
export function TeacherTimetablePage({ route }: PageProps) {
  return (
    <ClassPage route={route} fromHub data-testid="ht-teacher-timetable-page">
      {(cls) => <TeacherTimetable cls={cls} />}
    </ClassPage>
  );
}

function TeacherTimetable({ cls }: { cls: HeadTeacherClass }) {
  // The class's teacher: the caller for a class teacher, the chosen class's for an administrator.
  const profile = useQuery({ queryKey: headTeacherKeys.profile(cls.id), queryFn: ({ signal }) => fetchProfile(cls.id, signal) });
  if (profile.isPending) return <Spin />;
  return <TimetableView target={profile.data ? { kind: 'teacher', zgh: profile.data.staffNumber } : null} />;
}

/** /bzrgzscgl/bjkb class timetable: the class's timetable. */
export function ClassTimetablePage({ route }: PageProps) {
  return (
    <ClassPage route={route} fromHub data-testid="ht-class-timetable-page">
      {(cls) => <TimetableView target={{ kind: 'class', bh: cls.code }} />}
    </ClassPage>
  );
}
