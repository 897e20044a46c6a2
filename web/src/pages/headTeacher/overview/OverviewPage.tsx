import { Card, Empty, List, Spin, Statistic, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ClassOverview, HeadTeacherClass } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { fetchOverview, headTeacherKeys } from '../api.ts';
import { ClassPage } from '../common/ClassPage.tsx';
import { StudentTable } from '../common/StudentTable.tsx';

/** The counters on top, in order, each titled by its own htOverview text. */
const COUNTERS = ['total', 'male', 'female', 'boarders', 'onLeave'] as const satisfies readonly (keyof ClassOverview['counts'])[];

/**
 * /bzrsc/bjgk Class overview: the class at a glance — its students (by gender, with the student dialog), parents and
 * their contacts, dormitory places, who is on leave today, recent conduct and awards.
 */
export default function OverviewPage({ route }: PageProps) {
  return <ClassPage route={route} data-testid="ht-overview-page">{(cls) => <Overview cls={cls} />}</ClassPage>;
}

function Overview({ cls }: { cls: HeadTeacherClass }) {
  const { t } = useTranslation();
  const overview = useQuery({ queryKey: headTeacherKeys.overview(cls.id), queryFn: ({ signal }) => fetchOverview(cls.id, signal) });
  if (overview.isPending) return <Spin />;
  const data = overview.data;
  if (!data) return <Empty />;
  return (
    <>
      <div className="ht-stats" data-testid="ht-overview-counts">
        {COUNTERS.map((key) => (
          <Card size="small" key={key}>
            <Statistic title={t(`htOverview.${key}`)} value={data.counts[key]} valueStyle={key === 'onLeave' && data.counts.onLeave ? { color: '#d46b08' } : undefined} />
          </Card>
        ))}
      </div>
      <div className="ht-panels">
        <Card size="small" title={t('htOverview.onLeaveToday')} data-testid="ht-overview-leave">
          <List
            size="small"
            dataSource={data.onLeave}
            locale={{ emptyText: t('htOverview.nobodyOnLeave') }}
            renderItem={(item) => (
              <List.Item>
                <List.Item.Meta title={<>{item.studentName} <Tag>{item.leaveTypeName}</Tag></>} description={`${item.startAt} — ${item.endAt}${item.reason ? ` · ${item.reason}` : ''}`} />
              </List.Item>
            )}
          />
        </Card>
        <Card size="small" title={t('htOverview.conduct')} data-testid="ht-overview-conduct">
          <List
            size="small"
            dataSource={data.conduct}
            locale={{ emptyText: t('htOverview.noConduct') }}
            renderItem={(item) => (
              <List.Item>
                <List.Item.Meta
                  title={<>{item.studentName} <Tag>{t(`homeSchool.conduct.category.${item.category}`)}</Tag></>}
                  description={<Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>{`${item.createdAt} · ${item.content}`}</Typography.Paragraph>}
                />
              </List.Item>
            )}
          />
        </Card>
        <Card size="small" title={t('htOverview.awards')} data-testid="ht-overview-awards">
          <List
            size="small"
            dataSource={data.awards}
            locale={{ emptyText: t('htOverview.noAwards') }}
            renderItem={(item) => (
              <List.Item>
                <List.Item.Meta title={`${item.studentName} · ${item.name}`} description={`${item.awardedOn} · ${t(`htOverview.awardKind.${item.kind}`)}`} />
              </List.Item>
            )}
          />
        </Card>
      </div>
      <Card size="small" title={t('htOverview.students')}>
        <StudentTable students={data.students} />
      </Card>
    </>
  );
}
