import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import dayjs from 'dayjs';
import type { MyNoticeRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useMessageCounts } from '../../../state/messages.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import MyNoticesPage from './MyNoticesPage.tsx';
import { eventStarted } from './MyNoticeDetail.tsx';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../api/client.ts', async () => (await import('../../../components/Timetable/callStub.ts')).clientModule);

const route = { path: '/jxhd/wdtz', title: '我的通知', titleEn: 'My notices' } as AppRoute;
const future = dayjs().add(3, 'day').format('YYYY-MM-DD 15:30:00');
const past = dayjs().subtract(1, 'day').format('YYYY-MM-DD 15:30:00');

const event = (id: number, extra: Partial<MyNoticeRow> = {}): MyNoticeRow => ({
  id,
  kind: 'event',
  place: 'School hall',
  eventAt: future,
  askJoin: true,
  answer: null,
  title: `Event ${id}`,
  publisherName: 'Teacher Wang',
  createdAt: '2026-11-20 08:20:00',
  readAt: null,
  attachmentCount: 0,
  ...extra,
});

let rows: MyNoticeRow[] = [];
const success = vi.fn();
beforeEach(() => {
  stub.reset();
  success.mockClear();
  setFeedback({ message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() }, modal: {} } as unknown as Feedback);
  useMessageCounts.setState({ unread: 5, total: 0, readVersion: 0 });
  rows = [event(1), event(2, { eventAt: past, answer: 'decline' }), { ...event(3, { askJoin: false }), kind: 'notice', place: null, eventAt: null, title: 'Plain notice' }];
  stub
    .on('/api/homeSchool/myNotices/page', () => ({ total: rows.length, unread: 1, rows }))
    .on('/api/homeSchool/myNotices/get', (o) => ({
      ...rows.find((row) => row.id === (o?.json as { id: number }).id)!,
      content: 'Come and see.',
      attachments: { images: [], video: [], documents: [], audio: [] },
    }))
    .on('/api/homeSchool/myNotices/answer', () => null)
    .on('/api/message/info/unreadCount', () => ({ count: 4 }));
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/jxhd/wdtz']}>
        <MyNoticesPage route={route} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('My notices: events', () => {
  it('marks events with a tag, their place and time', async () => {
    renderPage();
    await screen.findByText('Event 1');
    expect(screen.getAllByTestId('my-notice-event-tag')).toHaveLength(2);
    const lines = screen.getAllByTestId('my-notice-event');
    expect(lines[0]).toHaveTextContent('School hall');
    expect(lines[0]).toHaveTextContent(future.slice(0, 16));
    expect(lines[1]).toHaveTextContent('不参加');
  });

  it('answers Join and may change it to Not join', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('Event 1'));
    const box = await screen.findByTestId('event-answer-box');
    expect(within(screen.getByTestId('my-notice-detail')).getByTestId('event-place')).toHaveTextContent('School hall');
    expect(box).toHaveAttribute('data-answer', 'none');
    fireEvent.click(within(box).getByTestId('event-join'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/myNotices/answer')).toEqual([{ id: 1, answer: 'join' }]));
    await waitFor(() => expect(screen.getByTestId('event-answer-box')).toHaveAttribute('data-answer', 'join'));
    expect(screen.getByTestId('event-join')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('event-decline')).toHaveAttribute('aria-pressed', 'false');
    // Pressing the current answer again asks nothing.
    fireEvent.click(screen.getByTestId('event-join'));
    expect(stub.calls('/api/homeSchool/myNotices/answer')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('event-decline'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/myNotices/answer').at(-1)).toEqual({ id: 1, answer: 'decline' }));
    await waitFor(() => expect(screen.getByTestId('event-answer-box')).toHaveAttribute('data-answer', 'decline'));
    expect(success).toHaveBeenCalledTimes(2);
  });

  it('disables the answer once the event has begun, saying so', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('Event 2'));
    const box = await screen.findByTestId('event-answer-box');
    expect(box).toHaveAttribute('data-answer', 'decline');
    expect(within(box).getByTestId('event-join')).toBeDisabled();
    expect(within(box).getByTestId('event-decline')).toBeDisabled();
    expect(within(box).getByTestId('event-expired')).toHaveTextContent('该记录已过期，只能查看');
  });

  it('shows no answer box for a notice', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('Plain notice'));
    await screen.findByTestId('my-notice-detail');
    expect(screen.queryByTestId('event-answer-box')).toBeNull();
    expect(screen.queryByTestId('event-facts')).toBeNull();
  });

  it('knows when an event has begun', () => {
    const now = dayjs('2026-11-25T10:00:00');
    expect(eventStarted('2026-11-25 09:59', now)).toBe(true);
    expect(eventStarted('2026-11-25 10:01', now)).toBe(false);
    expect(eventStarted(null, now)).toBe(false);
  });
});
