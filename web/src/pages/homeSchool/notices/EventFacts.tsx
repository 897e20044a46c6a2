import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { noticeTime } from '../common/NoticeBody.tsx';

export interface EventFactsProps {
  event: { place: string | null; eventAt: string | null; askJoin: boolean; joined?: number; declined?: number };
  /** The publisher's view: how many join and how many do not. */
  counts?: boolean;
}

/** An event's place and time (and, when it asks, whether recipients join), above its text. */
export function EventFacts({ event, counts }: EventFactsProps) {
  const { t } = useTranslation();
  const items = [
    { key: 'place', label: t('events.place'), children: <span data-testid="event-place">{event.place}</span> },
    { key: 'eventAt', label: t('events.eventAt'), children: <span data-testid="event-time">{noticeTime(event.eventAt)}</span> },
  ];
  if (counts && event.askJoin) {
    items.push({ key: 'answers', label: t('events.answers'), children: <span data-testid="event-answers">{t('events.answerCounts', { joined: event.joined ?? 0, declined: event.declined ?? 0 })}</span> });
  }
  return <Descriptions size="small" column={1} bordered items={items} styles={{ label: { width: 120 } }} className="event-facts" data-testid="event-facts" />;
}
