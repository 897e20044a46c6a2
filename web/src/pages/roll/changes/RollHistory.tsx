import { Button, Empty, Result, Spin, Timeline, Typography, type TimelineItemProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RollChangeEffect, RollChangeRow } from '@campus/contract';
import { fetchRollHistory } from '../../../api/roll.ts';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { ClassMove, EffectTag, KindTag, StatusCell, minuteTime, schoolLabelKey } from './RollParts.tsx';

export const historyKey = (studentId: number) => ['roll', 'history', studentId] as const;

/** A student's changes, oldest first (shared by the history panel and the detail). */
export function useRollHistory(studentId: number | null, silent = false) {
  return useQuery({
    queryKey: [...historyKey(studentId ?? 0), silent],
    queryFn: ({ signal }) => fetchRollHistory(studentId ?? 0, { signal, silent }),
    enabled: studentId !== null,
  });
}

const DOT: Record<RollChangeEffect, string> = { waiting: 'blue', effective: 'green', void: 'gray' };

export interface RollTimelineProps {
  rows: readonly RollChangeRow[];
  /** The change being read (the detail): marked, and without its own view button. */
  current?: number;
  onOpen?: (row: RollChangeRow) => void;
}

/** The history of a student's roll: each change on its date, what it did, its approval and whether it took effect. */
export function RollTimeline({ rows, current, onOpen }: RollTimelineProps) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rollChanges.historyEmpty')} />;
  const items: TimelineItemProps[] = rows.map((row) => ({
    key: row.id,
    color: DOT[row.effect],
    content: (
      <div className={`roll-history-entry${row.id === current ? ' is-current' : ''}`} data-testid="roll-history-entry" data-id={row.id}>
        <div className="roll-history-head">
          <span className="roll-history-date">{row.effectiveDate}</span>
          <KindTag kind={row.kind} />
          <EffectTag effect={row.effect} />
          {row.id === current && <Typography.Text type="secondary">{t('rollChanges.thisChange')}</Typography.Text>}
        </div>
        <ClassMove from={row.fromClassName} to={row.toClassName} />
        {row.school && (
          <div className="roll-history-line">
            {t('rollChanges.labelled', { label: t(schoolLabelKey(row.kind)), value: row.school })}
          </div>
        )}
        <div className="roll-history-line">
          <StatusCell row={row} />
        </div>
        <Typography.Text type="secondary" className="roll-history-meta">
          {t('rollChanges.filedBy', { name: row.applicantName, time: minuteTime(row.createdAt) })}
          {row.effect === 'effective' && row.effectedAt && ` · ${t('rollChanges.effectedAt', { time: minuteTime(row.effectedAt) })}`}
        </Typography.Text>
        {onOpen && row.id !== current && (
          <div>
            <Button type="link" size="small" className="roll-history-open" onClick={() => onOpen(row)} data-testid={`roll-history-open-${row.id}`}>
              {t('rollChanges.view')}
            </Button>
          </div>
        )}
      </div>
    ),
  }));
  return (
    <div className="roll-history" data-testid="roll-history" data-count={rows.length}>
      <Timeline items={items} />
    </div>
  );
}

export interface RollHistoryPanelProps {
  /** The student whose history is shown; null closes the panel. */
  student: { id: number; name: string; studentNumber: string } | null;
  onClose: () => void;
  onOpen: (row: RollChangeRow) => void;
}

/** The history of one student's roll in a side panel. */
export function RollHistoryPanel({ student, onClose, onOpen }: RollHistoryPanelProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const history = useRollHistory(student?.id ?? null);
  return (
    <SidePanel
      open={student !== null}
      onClose={onClose}
      title={
        student
          ? student.studentNumber
            ? t('rollChanges.historyOfNumber', { name: student.name, number: student.studentNumber })
            : t('rollChanges.historyOf', { name: student.name })
          : t('rollChanges.history')
      }
      width={phone ? '100%' : 560}
      className="roll-panel"
      footer={
        <div className="roll-footer">
          <Button block={phone} onClick={onClose} data-testid="roll-history-close">
            {t('application.close')}
          </Button>
        </div>
      }
    >
      {history.isError && <Result status="warning" title={t('rollChanges.historyFailed')} />}
      {history.isPending && student !== null && <Spin className="roll-loading" />}
      {history.data && <RollTimeline rows={history.data} onOpen={onOpen} />}
    </SidePanel>
  );
}
