import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stub } from '../components/Timetable/callStub.ts';
import { badgeText, BADGE_CAP, useMessageCounts } from './messages.ts';

vi.mock('../api/client.ts', async () => (await import('../components/Timetable/callStub.ts')).clientModule);

beforeEach(() => {
  stub.reset();
  sessionStorage.clear();
  useMessageCounts.setState({ unread: 0, total: 0, readVersion: 0 });
});

describe('message counts', () => {
  it('the badge caps at 99 and is hidden at 0', () => {
    expect(BADGE_CAP).toBe(99);
    expect(badgeText(0)).toBe('');
    expect(badgeText(-3)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('keeps the counts in session storage', () => {
    useMessageCounts.getState().setCounts(12, 36);
    expect(sessionStorage.getItem('messageUnread')).toBe('12');
    expect(sessionStorage.getItem('messageTotal')).toBe('36');
    useMessageCounts.getState().setCounts(-1);
    expect(sessionStorage.getItem('messageUnread')).toBe('0');
    expect(useMessageCounts.getState().total).toBe(36);
  });

  it('a read message takes the server count, or one less; the read counter goes up', () => {
    useMessageCounts.getState().setCounts(12);
    useMessageCounts.getState().markedRead(null);
    expect(useMessageCounts.getState().unread).toBe(11);
    useMessageCounts.getState().markedRead(5);
    expect(useMessageCounts.getState().unread).toBe(5);
    expect(sessionStorage.getItem('messageUnread')).toBe('5');
    expect(useMessageCounts.getState().readVersion).toBe(2);
    useMessageCounts.getState().setCounts(0);
    useMessageCounts.getState().markedRead(null);
    expect(useMessageCounts.getState().unread).toBe(0);
  });

  it('refresh asks the server quietly and keeps the stored count when it fails', async () => {
    stub.on('/api/message/info/unreadCount', () => ({ count: 12 }));
    await useMessageCounts.getState().refresh();
    expect(useMessageCounts.getState().unread).toBe(12);
    expect(stub.calls('/api/message/info/unreadCount')[0].options?.silent).toBe(true);
    stub.on('/api/message/info/unreadCount', () => {
      throw new Error('refused');
    });
    await useMessageCounts.getState().refresh();
    expect(useMessageCounts.getState().unread).toBe(12);
  });
});
