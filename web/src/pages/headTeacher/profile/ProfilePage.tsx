import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Spin, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CLASS_RECORD_KIND_NAMES, HEAD_TEACHER_URLS, recordKind, type HeadTeacherClass, type HeadTeacherProfile } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { StaffDialog } from '../../../components/StaffDialog/index.ts';
import { fetchProfile, headTeacherKeys } from '../api.ts';
import { ClassPage } from '../common/ClassPage.tsx';

/**
 * /bzrgzscgl/bzrxq class teacher profile: the class teacher's own profile and duties (the staff profile's appointments),
 * the classes they lead, and what they recorded this term.
 */
export default function ProfilePage({ route }: PageProps) {
  return (
    <ClassPage route={route} fromHub data-testid="ht-profile-page">
      {(cls) => <Profile cls={cls} />}
    </ClassPage>
  );
}

function Profile({ cls }: { cls: HeadTeacherClass }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [staffOpen, setStaffOpen] = useState(false);
  const profile = useQuery({ queryKey: headTeacherKeys.profile(cls.id), queryFn: ({ signal }) => fetchProfile(cls.id, signal) });
  if (profile.isPending) return <Spin />;
  const data = profile.data;
  if (!data) return <Empty />;
  const list = (items: string[]) => (items.length ? items.map((item) => <Tag key={item}>{item}</Tag>) : '—');
  return (
    <>
      <Card size="small" title={t('htProfile.basic')} extra={<Button type="link" onClick={() => setStaffOpen(true)} data-testid="ht-profile-staff">{t('htProfile.fullProfile')}</Button>}>
        <Descriptions column={{ xs: 1, sm: 2, md: 3 }} size="small" data-testid="ht-profile-basic">
          <Descriptions.Item label={t('htProfile.staffNumber')}>{data.staffNumber}</Descriptions.Item>
          <Descriptions.Item label={t('htUi.name')}>{data.name}</Descriptions.Item>
          <Descriptions.Item label={t('htUi.gender')}>{data.genderName}</Descriptions.Item>
          <Descriptions.Item label={t('htProfile.phone')}>{data.phone || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('htProfile.campus')}>{data.campusName || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('htProfile.department')}>{data.departmentName || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('htProfile.researchGroup')}>{data.researchGroupName || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('htProfile.ledClasses')}>{list(data.ledClasses)}</Descriptions.Item>
          <Descriptions.Item label={t('htProfile.gradeLeader')}>{list(data.gradeLeaderOf)}</Descriptions.Item>
          <Descriptions.Item label={t('htProfile.lessonPrepHead')}>{list(data.lessonPrepHeadOf)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('htProfile.classes')}>
        <Table<HeadTeacherProfile['classes'][number]>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={data.classes}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('htProfile.className') },
            { key: 'gradeName', dataIndex: 'gradeName', title: t('htProfile.grade') },
            { key: 'classroomName', dataIndex: 'classroomName', title: t('htProfile.classroom'), render: (value: string) => value || '—' },
            { key: 'studentCount', title: t('htProfile.students'), render: (_: unknown, row) => t('htProfile.genderCount', { total: row.studentCount, male: row.male, female: row.female }) },
          ]}
        />
      </Card>
      <Card size="small" title={t('htProfile.thisTerm', { className: cls.name })}>
        <Descriptions column={{ xs: 1, sm: 2, md: 3 }} size="small" data-testid="ht-profile-counts">
          <Descriptions.Item label={t('htPage.fund')}>
            <Button type="link" size="small" onClick={() => void navigate(HEAD_TEACHER_URLS.fund)}>
              {t('htProfile.balance', { balance: data.fundBalance })}
            </Button>
          </Descriptions.Item>
          {CLASS_RECORD_KIND_NAMES.map((kind) => (
            <Descriptions.Item key={kind} label={t(`htPage.${recordKind(kind).page}`)}>
              <Button type="link" size="small" onClick={() => void navigate(HEAD_TEACHER_URLS[recordKind(kind).page])}>
                {t('htUi.termCount', { count: data.recordCounts[kind] ?? 0 })}
              </Button>
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      {staffOpen && <StaffDialog open zgh={data.staffNumber} onClose={() => setStaffOpen(false)} />}
    </>
  );
}
