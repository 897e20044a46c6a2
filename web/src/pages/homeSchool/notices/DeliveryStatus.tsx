import { Progress, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NoticeRow, NoticeStatus } from '@campus/contract';
import { fetchNotice, isDelivering } from '../../../api/homeSchool.ts';
import { useRelease } from './release.ts';

/** How often a row still being delivered asks for its progress. */
export const DELIVERY_POLL_MS = 2000;

const STATUS_COLOR: Record<NoticeStatus, string> = {
  queued: 'default',
  delivering: 'processing',
  delivered: 'success',
  failed: 'error',
};

/**
 * A row of the list as it is now: while its delivery runs, the notice is asked for every two seconds and
 * its status and counts replace the list's. The status cell and the row's actions share one poll (same
 * query key); a new list load with another status or progress starts afresh, and a finished or refused
 * poll stops.
 */
export function useLiveNotice(row: NoticeRow): NoticeRow {
  const { kind, calls } = useRelease();
  const { data } = useQuery({
    queryKey: ['homeSchool', kind, row.id, row.status, row.deliveredCount],
    queryFn: ({ signal }) => fetchNotice(row.id, { signal, silent: true }, calls),
    enabled: isDelivering(row.status),
    refetchInterval: (query) => (query.state.error || (query.state.data && !isDelivering(query.state.data.status)) ? false : DELIVERY_POLL_MS),
    gcTime: 0,
  });
  if (!data) return row;
  return { ...row, status: data.status, deliveredCount: data.deliveredCount, recipientTotal: data.recipientTotal, readCount: data.readCount };
}

export function StatusTag({ status }: { status: NoticeStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="notice-status">
      {t(`homeSchool.status.${status}`)}
    </Tag>
  );
}

/** The status, with the delivery progress while it runs. */
export function DeliveryStatus({ row }: { row: NoticeRow }) {
  const live = useLiveNotice(row);
  const percent = live.recipientTotal > 0 ? Math.floor((live.deliveredCount / live.recipientTotal) * 100) : 0;
  return (
    <Space size={4} wrap data-testid={`notice-delivery-${row.id}`} data-status={live.status}>
      <StatusTag status={live.status} />
      {isDelivering(live.status) && (
        <span className="notice-progress">
          <Progress percent={percent} size="small" showInfo={false} style={{ width: 64 }} />
          <span data-testid="notice-progress">
            {live.deliveredCount} / {live.recipientTotal}
          </span>
        </span>
      )}
    </Space>
  );
}

/** Read / all recipients. */
export function ReadCount({ row }: { row: NoticeRow }) {
  const live = useLiveNotice(row);
  return (
    <span data-testid={`notice-read-${row.id}`}>
      {live.readCount} / {live.recipientTotal}
    </span>
  );
}
