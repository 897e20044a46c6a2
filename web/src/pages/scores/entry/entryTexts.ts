import type { TFunction } from 'i18next';
import type { ScoreEntryBatch } from '@campus/contract';

type Closed = Exclude<ScoreEntryBatch['closedReason'], ''>;

/** The reason a batch is closed, as the key of its texts ('window' when the server gave none). */
export const closedReason = (batch: Pick<ScoreEntryBatch, 'open' | 'closedReason'>): Closed | null => (batch.open ? null : batch.closedReason || 'window');

/** The tag of a batch: "Open", or "Closed: outside the window" and the like. */
export function statusText(t: TFunction, batch: Pick<ScoreEntryBatch, 'open' | 'closedReason'>): string {
  const reason = closedReason(batch);
  return reason ? t(`scoreEntryPage.status.${reason}`) : t('scoreEntryPage.status.open');
}

/** Why the sheet can only be read (the alert over a closed batch's grid). */
export function closedText(t: TFunction, batch: Pick<ScoreEntryBatch, 'open' | 'closedReason' | 'entryStart' | 'entryEnd' | 'name'>): string {
  const reason = closedReason(batch);
  return reason ? t(`scoreEntryPage.closed.${reason}`, { start: batch.entryStart, end: batch.entryEnd, name: batch.name }) : '';
}

/** "2026-11-20 08:00 ~ 2026-11-30 18:00". */
export const windowText = (batch: Pick<ScoreEntryBatch, 'entryStart' | 'entryEnd'>) => `${batch.entryStart} ~ ${batch.entryEnd}`;
