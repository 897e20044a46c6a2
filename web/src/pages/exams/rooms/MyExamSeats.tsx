import { useState } from 'react';
import { Button, Empty, Result, Spin, Typography } from 'antd';
import { CalendarOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { USER_TYPES, type MyExamSeat } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { ChildChooser } from '../../../components/ChildChooser/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { useSession } from '../../../state/session.ts';
import { FAMILY_CHILDREN_PERMISSION, fetchFamilyChildren, fetchMySeats, roomKeys } from './roomCalls.ts';
import { roomName } from './roomParts.tsx';

/** One exam's room and seat as a card: the seat number stands out, the subjects follow in their order. */
function SeatCard({ seat }: { seat: MyExamSeat }) {
  const { t } = useTranslation();
  const place = [seat.classroomName, seat.building].filter(Boolean).join(' · ');
  return (
    <article className="exam-seat-card" data-testid="exam-seat-card" data-batch={seat.batchId}>
      <header className="exam-seat-card-head">
        <Typography.Text strong className="exam-seat-card-title">
          {seat.batchName}
        </Typography.Text>
        <Typography.Text type="secondary" className="exam-seat-card-term">
          {seat.termName}
        </Typography.Text>
      </header>
      <div className="exam-seat-card-body">
        <div className="exam-seat-card-place">
          <div className="exam-seat-card-room" data-testid="exam-seat-card-room">
            {roomName(t, seat.roomNumber)}
          </div>
          {place && (
            <div className="exam-seat-card-classroom" data-testid="exam-seat-card-classroom">
              <EnvironmentOutlined /> <span>{place}</span>
            </div>
          )}
        </div>
        <div className="exam-seat-card-seat" aria-label={t('examRoomPage.seatNumber', { seat: seat.seat })}>
          <span className="exam-seat-card-seat-label">{t('examRoomPage.seat')}</span>
          <span className="exam-seat-card-seat-number" data-testid="exam-seat-card-seat">
            {seat.seat}
          </span>
        </div>
      </div>
      {seat.subjects.length > 0 && (
        <ul className="exam-seat-card-subjects" aria-label={t('examRoomPage.subjects')}>
          {seat.subjects.map((subject) => (
            <li key={`${subject.courseName}-${subject.examDate}-${subject.startTime}`} className="exam-seat-card-subject">
              <span className="exam-seat-card-course">{subject.courseName}</span>
              <span className="exam-seat-card-when">
                <CalendarOutlined /> {subject.examDate} {dayjs(subject.examDate).format('ddd')} {subject.startTime}–{subject.endTime}
              </span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/**
 * The family's side of /kwgl/kcap: a student's own rooms and seats in the published exams, or a parent's
 * chosen child's, as cards that fit a phone.
 */
export function MyExamSeats({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const allowed = usePermission();
  const parent = useSession((s) => s.user?.userType === USER_TYPES.parent);
  const listChildren = parent && allowed({ permissions: [FAMILY_CHILDREN_PERMISSION] });
  const childrenQuery = useQuery({ queryKey: roomKeys.children, queryFn: ({ signal }) => fetchFamilyChildren(signal), enabled: listChildren });
  const children = listChildren ? (childrenQuery.data ?? []) : [];
  const [picked, setPicked] = useState<number | null>(null);
  const chosen = children.length ? (children.some((child) => child.id === picked) ? picked : children[0]!.id) : null;
  const waiting = listChildren && childrenQuery.isPending;
  const seats = useQuery({ queryKey: roomKeys.mine(chosen), queryFn: ({ signal }) => fetchMySeats(chosen, signal), enabled: !waiting });

  let body;
  if (waiting || seats.isPending) {
    body = (
      <div className="exam-rooms-loading">
        <Spin />
      </div>
    );
  } else if (seats.isError) {
    body = (
      <Result
        status="warning"
        title={t('examRoomPage.loadFailed')}
        extra={
          <Button onClick={() => void seats.refetch()} data-testid="exam-seats-retry">
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (!seats.data.length) {
    body = <Empty description={t('examRoomPage.noSeats')} data-testid="exam-seats-empty" />;
  } else {
    body = (
      <div className="exam-seat-cards" data-testid="exam-seat-cards">
        {seats.data.map((seat) => (
          <SeatCard key={seat.batchId} seat={seat} />
        ))}
      </div>
    );
  }

  return (
    <div className={`exam-seats-page${phone ? ' is-phone' : ''}`} data-testid="my-exam-seats-page">
      <div className="exam-seats-head">
        <div className="exam-rooms-bar-title">{routeTitle(route, i18n.language)}</div>
        <Typography.Text type="secondary" className="exam-seats-hint">
          {t('examRoomPage.mySeatsHint')}
        </Typography.Text>
      </div>
      {children.length > 0 && <ChildChooser items={children} value={chosen} onChange={setPicked} phone={phone} label={t('examRoomPage.child')} testIdPrefix="exam-seats" />}
      {body}
    </div>
  );
}
