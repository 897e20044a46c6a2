import { create } from 'zustand';
import { session } from './storage.ts';
import { fetchUnreadCount } from '../api/messages.ts';

const UNREAD_KEY = 'messageUnread';
const TOTAL_KEY = 'messageTotal';
/** The badge shows 99+ above this (spec section 9). */
export const BADGE_CAP = 99;

function count(raw: unknown): number {
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** What the badge reads: nothing at 0, the number up to 99, then 99+ (spec section 4). */
export function badgeText(unread: number): string {
  const n = count(unread);
  if (n === 0) return '';
  return n > BADGE_CAP ? `${BADGE_CAP}+` : String(n);
}

/**
 * Unread and total message counts, kept in session storage (spec section 4), and a counter that goes up
 * whenever a message was read somewhere, so the other message lists (pane, message centre) reload.
 */
export interface MessageCountState {
  unread: number;
  total: number;
  /** Bumped after a message was marked read. */
  readVersion: number;
  setCounts(unread: number, total?: number): void;
  /**
   * One message was read: the unread count becomes the server's figure when it sent one, otherwise it
   * goes down by one.
   */
  markedRead(unreadFromServer: number | null): void;
  /** Asks the server for the unread count; keeps the stored figure when the call fails. */
  refresh(): Promise<void>;
}

export const useMessageCounts = create<MessageCountState>()((set, get) => ({
  unread: count(session.get(UNREAD_KEY)),
  total: count(session.get(TOTAL_KEY)),
  readVersion: 0,
  setCounts(unread, total = get().total) {
    session.set(UNREAD_KEY, String(count(unread)));
    session.set(TOTAL_KEY, String(count(total)));
    set({ unread: count(unread), total: count(total) });
  },
  markedRead(unreadFromServer) {
    const next = unreadFromServer === null ? get().unread - 1 : unreadFromServer;
    get().setCounts(next);
    set({ readVersion: get().readVersion + 1 });
  },
  async refresh() {
    try {
      get().setCounts(await fetchUnreadCount());
    } catch {
      // The badge keeps what session storage had.
    }
  },
}));

/** Non-React access. */
export const messageCounts = (): MessageCountState => useMessageCounts.getState();
