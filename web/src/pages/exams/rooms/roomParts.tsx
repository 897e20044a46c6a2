import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Dropdown, Result, Tag, type ButtonProps } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined, DownOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { EXAM_ROOM_URL, EXAM_SHEET_KINDS, type ExamArrangementRow, type ExamCandidateRow, type ExamSheetKind } from '@campus/contract';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { downloadSheet, sheetFileName } from './roomCalls.ts';

function positiveId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The exam of a hidden arrangement page (`?batchId=`). The address counts only while it is this page's: a
 * visited page stays mounted behind the others and keeps the exam it was opened with.
 */
export function useBatchId(route: AppRoute): number | null {
  const location = useLocation();
  const [params] = useSearchParams();
  const here = location.pathname === route.path;
  const fromAddress = here ? positiveId(params.get('batchId')) : null;
  const [kept, setKept] = useState(fromAddress);
  if (here && fromAddress !== kept) setKept(fromAddress);
  return here ? fromAddress : kept;
}

/**
 * Loads a list again when its page shows again: a visited page stays mounted, hidden, and its effects run
 * again as it comes back (after an arrangement on another of these pages, its rows have changed).
 */
export function useReloadWhenShown(reload: () => void): void {
  const latest = useRef(reload);
  const shown = useRef(false);
  useEffect(() => {
    latest.current = reload;
  });
  useEffect(() => {
    if (shown.current) latest.current();
    shown.current = true;
  }, []);
}

/** "Room 3" in the user's language (examRoom.roomName). */
export const roomName = (t: TFunction, number: number) => t('examRoom.roomName', { number });

/** A candidate's room, or a tag saying they have no seat yet (`{testIdPrefix}-{studentId}` on the tag). */
export function CandidateRoom({ candidate, testIdPrefix }: { candidate: Pick<ExamCandidateRow, 'roomNumber' | 'studentId'>; testIdPrefix: string }) {
  const { t } = useTranslation();
  return candidate.roomNumber === null ? (
    <Tag color="orange" className="exam-rooms-tag" data-testid={`${testIdPrefix}-${candidate.studentId}`}>
      {t('examRoomPage.noSeat')}
    </Tag>
  ) : (
    <span className="exam-rooms-nowrap">{roomName(t, candidate.roomNumber)}</span>
  );
}

/** "2026-11-25 ~ 2026-11-26", one day once, or a dash. */
export const examDates = (row: Pick<ExamArrangementRow, 'firstDate' | 'lastDate'>) =>
  !row.firstDate ? '—' : row.firstDate === row.lastDate ? row.firstDate : `${row.firstDate} ~ ${row.lastDate}`;

/** Whether the exam's rooms may still be arranged (by someone holding the edit button). */
export const isOpen = (row: Pick<ExamArrangementRow, 'published' | 'ended'> | undefined) => !!row && !row.published && !row.ended;

/** The bar of the arrangement pages: the way back to the exams, the title and the page's buttons. */
export function PageBar({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="exam-rooms-bar">
      <Button
        type="text"
        icon={<ArrowLeftOutlined />}
        aria-label={t('queryHeader.back')}
        title={t('queryHeader.back')}
        onClick={() => void navigate(EXAM_ROOM_URL)}
        data-testid="exam-rooms-back"
      />
      <div className="exam-rooms-bar-title">{title}</div>
      {extra && <div className="exam-rooms-bar-extra">{extra}</div>}
    </div>
  );
}

/** A hidden page opened without an exam (or with one that could not be loaded). */
export function NoExam({ title }: { title: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="exam-rooms-page" data-testid="exam-rooms-no-exam">
      <PageBar title={title} />
      <Result
        status="info"
        title={t('examRoomPage.noExam')}
        extra={
          <Button type="primary" onClick={() => void navigate(EXAM_ROOM_URL)}>
            {t('examRoomPage.backToExams')}
          </Button>
        }
      />
    </div>
  );
}

export interface SheetMenuProps {
  batchId: number;
  examName: string;
  /** The PDFs offered (default all three); one makes a plain button. */
  kinds?: readonly ExamSheetKind[];
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
  'data-testid'?: string;
}

/** The arrangement's PDFs: seat lists per room, door labels, seat lists per class. */
export function SheetMenu({ batchId, examName, kinds = EXAM_SHEET_KINDS, type, size, 'data-testid': testId = 'exam-sheets' }: SheetMenuProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (kind: ExamSheetKind) => {
    setBusy(true);
    try {
      await downloadSheet(batchId, kind, sheetFileName(examName, t(`examRoom.sheet.${kind}`)));
    } catch {
      // The request client has shown why (e.g. the rooms are not arranged yet).
    } finally {
      setBusy(false);
    }
  };
  if (kinds.length === 1) {
    const kind = kinds[0]!;
    return (
      <Button type={type} size={size} icon={<FilePdfOutlined />} loading={busy} onClick={() => void run(kind)} data-testid={testId}>
        {t(`examRoom.sheet.${kind}`)}
      </Button>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: kinds.map((kind) => ({ key: kind, icon: <FilePdfOutlined />, label: <span data-testid={`${testId}-${kind}`}>{t(`examRoom.sheet.${kind}`)}</span> })),
        onClick: ({ key }) => void run(key as ExamSheetKind),
      }}
    >
      <Button type={type} size={size} icon={<DownloadOutlined />} loading={busy} data-testid={testId}>
        {t('examRoomPage.download')}
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/** Published / not published, and "term ended". */
export function ExamStatus({ row, testId }: { row: Pick<ExamArrangementRow, 'published' | 'ended'>; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className="exam-rooms-tags" data-testid={testId}>
      {row.published ? <Tag color="green">{t('examRoomPage.published')}</Tag> : <Tag>{t('examRoomPage.unpublished')}</Tag>}
      {row.ended && <Tag>{t('examRoomPage.ended')}</Tag>}
    </span>
  );
}

/** "120 / 124", in warning colour while some candidates have no seat. */
export function PlacedCount({ placed, candidates, testId }: { placed: number; candidates: number; testId?: string }) {
  const short = placed < candidates;
  return (
    <span className={`exam-rooms-nowrap${short ? ' exam-rooms-short' : ''}`} data-testid={testId}>
      {placed} / {candidates}
    </span>
  );
}

/** The exam's summary on the arrangement pages. */
export function ExamFacts({ row }: { row: ExamArrangementRow }) {
  const { t } = useTranslation();
  const facts: [string, ReactNode, string][] = [
    [t('exam.col.term'), row.termName, 'term'],
    [t('exam.col.grade'), row.gradeName || '—', 'grade'],
    [t('exam.col.dates'), examDates(row), 'dates'],
    [t('examRoomPage.subjectCount'), row.subjectCount, 'subjects'],
    [t('examRoomPage.candidates'), row.candidates, 'candidates'],
    [t('examRoomPage.placed'), <PlacedCount key="placed" placed={row.placed} candidates={row.candidates} />, 'placed'],
    [t('examRoomPage.rooms'), row.rooms, 'rooms'],
    [t('examRoomPage.invigilators'), `${row.invigilatorsAssigned} / ${row.invigilatorsNeeded}`, 'invigilators'],
  ];
  return (
    <dl className="exam-rooms-facts" data-testid="exam-rooms-facts">
      {facts.map(([label, value, key]) => (
        <div key={key} className="exam-rooms-fact" data-testid={`exam-rooms-fact-${key}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
