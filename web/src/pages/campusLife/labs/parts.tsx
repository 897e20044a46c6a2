import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LabBookingRow, LabBookingStatus } from '@campus/contract';
import { STATUS_COLOURS } from './api.ts';
import './labs.css';

export function BookingStatusTag({ status, testId }: { status: LabBookingStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid={testId} data-status={status}>
      {t(`labsUi.status.${status}`)}
    </Tag>
  );
}

/** A booking's facts, read only. */
export function BookingFacts({ booking }: { booking: LabBookingRow }) {
  const { t, i18n } = useTranslation();
  const join = i18n.language === 'en' ? ', ' : '\u3001';
  return (
    <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} data-testid="lab-booking-facts">
      <Descriptions.Item label={t('labsUi.kind')}>{t(`lab.kind.${booking.kind}`)}</Descriptions.Item>
      <Descriptions.Item label={t('labsUi.statusLabel')}>
        <BookingStatusTag status={booking.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('labsUi.room')}>{booking.roomName}</Descriptions.Item>
      <Descriptions.Item label={t('labsUi.teacher')}>{booking.teacherName}</Descriptions.Item>
      <Descriptions.Item label={t('labsUi.date')}>{booking.bookingDate}</Descriptions.Item>
      <Descriptions.Item label={t('labsUi.periods')}>{booking.periodNames.join(join)}</Descriptions.Item>
      {booking.className && <Descriptions.Item label={t('labsUi.class')}>{booking.className}</Descriptions.Item>}
      {booking.courseName && <Descriptions.Item label={t('labsUi.course')}>{booking.courseName}</Descriptions.Item>}
      {booking.experiment && <Descriptions.Item label={t('labsUi.experiment')}>{booking.experiment}</Descriptions.Item>}
      {booking.equipment && <Descriptions.Item label={t('labsUi.equipment')}>{booking.equipment}</Descriptions.Item>}
      {booking.note && (
        <Descriptions.Item label={t('labsUi.note')} span={2}>
          {booking.note}
        </Descriptions.Item>
      )}
      {booking.reviewerName && (
        <Descriptions.Item label={t('labsUi.review')} span={2}>
          {`${booking.reviewerName} · ${booking.reviewedAt}${booking.reviewComment ? ` · ${booking.reviewComment}` : ''}`}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
