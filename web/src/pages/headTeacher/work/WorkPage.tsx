import { Card, Typography } from 'antd';
import {
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  CrownOutlined,
  FlagOutlined,
  HeartOutlined,
  HomeOutlined,
  IdcardOutlined,
  MoneyCollectOutlined,
  PhoneOutlined,
  ScheduleOutlined,
  TableOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HEAD_TEACHER_URLS, type HeadTeacherClass, type HeadTeacherPage } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { fetchCounts, headTeacherKeys } from '../api.ts';
import { ClassPage } from '../common/ClassPage.tsx';

/** The hub's cards in the order a class teacher works through a term; a record kind's card shows this term's count. */
const CARDS: { page: Exclude<HeadTeacherPage, 'overview' | 'work'>; icon: ReactNode; kind?: string }[] = [
  { page: 'profile', icon: <IdcardOutlined /> },
  { page: 'students', icon: <TeamOutlined /> },
  { page: 'teacherTimetable', icon: <CalendarOutlined /> },
  { page: 'classTimetable', icon: <ScheduleOutlined /> },
  { page: 'seating', icon: <TableOutlined /> },
  { page: 'duty', icon: <CarryOutOutlined /> },
  { page: 'cadre', icon: <CrownOutlined />, kind: 'cadre' },
  { page: 'fund', icon: <MoneyCollectOutlined /> },
  { page: 'meeting', icon: <UsergroupAddOutlined />, kind: 'meeting' },
  { page: 'environment', icon: <HomeOutlined />, kind: 'environment' },
  { page: 'contact', icon: <PhoneOutlined />, kind: 'contact' },
  { page: 'practice', icon: <FlagOutlined />, kind: 'practice' },
  { page: 'support', icon: <HeartOutlined />, kind: 'support' },
  { page: 'activity', icon: <AppstoreOutlined />, kind: 'activity' },
  { page: 'incident', icon: <AlertOutlined />, kind: 'incident' },
  { page: 'analysis', icon: <BarChartOutlined />, kind: 'analysis' },
];

/** /bzrsc/bjgz Class work: the hub of the class teacher's pages, each card opening one (the hidden /bzrgzscgl/ routes). */
export default function WorkPage({ route }: PageProps) {
  return <ClassPage route={route} data-testid="ht-work-page">{(cls) => <Cards cls={cls} />}</ClassPage>;
}

function Cards({ cls }: { cls: HeadTeacherClass }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const counts = useQuery({ queryKey: headTeacherKeys.counts(cls.id), queryFn: ({ signal }) => fetchCounts(cls.id, signal) });
  return (
    <div className="ht-cards">
      {CARDS.map((card) => (
        <Card key={card.page} hoverable className="ht-card" onClick={() => void navigate(HEAD_TEACHER_URLS[card.page])} data-testid={`ht-card-${card.page}`}>
          <span className="ht-card-icon">{card.icon}</span>
          <div className="ht-card-text">
            <Typography.Text strong>{t(`htPage.${card.page}`)}</Typography.Text>
            <span className="ht-card-desc">{t(`htPage.${card.page}Desc`)}</span>
            {card.kind && <span className="ht-card-desc">{t('htUi.termCount', { count: counts.data?.[card.kind] ?? 0 })}</span>}
          </div>
        </Card>
      ))}
    </div>
  );
}
