import type { Db } from '../../../db/client.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { forbidden, notFound } from '../../../platform/errors.ts';
import { markMessagesRead, messageById, recipientsOf, unreadCount, type MessageRow } from './queries.ts';

/** Permission value of the message bell and the message centre (menu message.center). */
export const MESSAGE_PERMISSION = 'messageCenter_xxzx';

export type MessageRange = 'week' | 'month' | 'threeMonths';

/**
 * Start of a message-centre range, counted back from now in the server's local calendar: the last 7
 * days, the last month (same day and time one month ago) or the last three months. A day that the
 * earlier month lacks (31 March minus one month) falls on that month's last day.
 */
export function rangeStart(range: MessageRange, now: Date = new Date()): Date {
  if (range === 'week') return new Date(now.getTime() - 7 * 24 * 3600 * 1000);
  const months = range === 'month' ? 1 : 3;
  const start = new Date(now);
  start.setDate(1);
  start.setMonth(start.getMonth() - months);
  const lastDay = new Date(start.getFullYear(), start.getMonth() + 1, 0).getDate();
  start.setDate(Math.min(now.getDate(), lastDay));
  return start;
}

/** The caller's own message; another user's answers a refusal and nothing of it. */
export async function readOwnMessage(db: Db, auth: AuthContext, id: number): Promise<MessageRow> {
  const message = await messageById(db, id);
  if (!message) throw notFound();
  if (message.recipientUserId !== auth.userId) throw forbidden('messages.notYours');
  return message;
}

/**
 * Marks the caller's messages read and answers how many stay unread. Every id must be the caller's and
 * exist, else nothing changes: a list that mixes in another user's id is refused as a whole.
 */
export async function markRead(db: Db, auth: AuthContext, target: { ids: number[] } | 'all'): Promise<number> {
  return db.transaction(async (tx) => {
    if (target === 'all') {
      await markMessagesRead(tx, auth.userId, null);
    } else {
      const ids = [...new Set(target.ids)];
      const found = await recipientsOf(tx, ids);
      if (found.some((row) => row.recipientUserId !== auth.userId)) throw forbidden('messages.notYours');
      if (found.length !== ids.length) throw notFound();
      await markMessagesRead(tx, auth.userId, ids);
    }
    return unreadCount(tx, auth.userId);
  });
}

export { unreadCount };
