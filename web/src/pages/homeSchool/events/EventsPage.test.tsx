import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { EventDetail, EventRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useSession } from '../../../state/session.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import EventsPage from './EventsPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../api/client.ts', async () => (await import('../../../components/Timetable/callStub.ts')).clientModule);

const route = { path: '/jxhd/hdfb', title: '活动发布', titleEn: 'Event release' } as AppRoute;

const row = (id: number, extra: Partial<EventRow> = {}): EventRow => ({
  id,
  title: `Event ${id}`,
  publisherName: 'Teacher Wang',
  createdAt: '2026-11-25 08:20:00',
  status: 'delivered',
  recipientTotal: 40,
  readCount: 12,
  deliveredCount: 40,
  place: `Hall ${id}`,
  eventAt: '2026-12-01 15:30:00',
  askJoin: true,
  joined: 5,
  declined: 2,
  ...extra,
});

const detail = (base: EventRow): EventDetail => ({
  ...base,
  content: 'Come and see.',
  attachments: { images: [], video: [], documents: [], audio: [] },
  recipients: '',
  recipientNames: [],
  classes: [{ id: 3, name: 'Class 8-1' }],
  classAudience: 'parents',
  lastRemindedAt: null,
  error: null,
});

const success = vi.fn();
beforeEach(() => {
  stub.reset();
  success.mockClear();
  setFeedback({ message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() }, modal: {} } as unknown as Feedback);
  stub
    .on('/api/homeSchool/events/page', () => ({ total: 2, rows: [row(1), row(2, { askJoin: false, joined: 0, declined: 0 })] }))
    .on('/api/homeSchool/events/get', (o) => detail(row((o?.json as { id: number }).id)))
    .on('/api/homeSchool/events/classes', () => [{ id: 3, name: 'Class 8-1', gradeName: 'Grade 8' }])
    .on('/api/homeSchool/events/create', () => ({ id: 9, taskId: 't', status: 'queued' }))
    .on('/api/homeSchool/events/update', () => null)
    .on('/api/homeSchool/events/receipts', () => ({
      total: 2,
      read: 2,
      unread: 38,
      rows: [
        { userId: 11, account: 'jz201911001', name: 'Parent Zhang', userType: 4, relation: 'Zhang Xiaoming · Class 8-1', readAt: '2026-11-25 09:01:00', remindedAt: null, answer: 'join', answeredAt: '2026-11-25 09:02:00' },
        { userId: 12, account: 'jz201911002', name: 'Parent Li', userType: 4, relation: 'Li Hua · Class 8-1', readAt: '2026-11-25 09:05:00', remindedAt: null, answer: null, answeredAt: null },
      ],
    }));
});

const grant = (...permissions: string[]) => useSession.setState({ permissions, roles: [] });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <EventsPage route={route} />
    </QueryClientProvider>,
  );
}

async function pick(testId: string, option: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((el) => el.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

describe('EventsPage', () => {
  it('lists events with their place, time and answers, through the event calls', async () => {
    grant('homeSchool:event');
    renderPage();
    await screen.findByText('Event 1');
    expect(screen.getByText('活动发布')).toBeInTheDocument();
    expect(screen.getByText('Hall 1')).toBeInTheDocument();
    expect(screen.getAllByText('2026-12-01 15:30')).toHaveLength(2);
    expect(screen.getByTestId('event-answers-1')).toHaveTextContent('5 / 2');
    expect(screen.queryByTestId('event-answers-2')).toBeNull();
    expect(stub.calls('/api/homeSchool/notices/page')).toHaveLength(0);
    expect(screen.queryByTestId('manage-add')).toBeNull();
  });

  it('publishes an event with place, time and the join question; pictures only; no Picker without :all', async () => {
    grant('homeSchool:event', 'homeSchool:event:edit', 'homeSchool:notice:all');
    renderPage();
    await screen.findByText('Event 1');
    fireEvent.click(screen.getByTestId('manage-add'));
    const dialog = await screen.findByTestId('notice-dialog');
    expect(screen.getByText('发布活动')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('picker-field')).toBeNull();
    expect(within(dialog).queryByTestId('notice-form-video')).toBeNull();
    expect(within(dialog).getByTestId('notice-form-images')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('notice-dialog-ok'));
    await within(dialog).findByText('地点不能为空');
    expect(within(dialog).getByText('活动日期和时间不能为空')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('notice-form-title'), { target: { value: 'Open day' } });
    fireEvent.change(screen.getByTestId('notice-form-content'), { target: { value: 'Come and see.' } });
    fireEvent.change(screen.getByTestId('event-form-place'), { target: { value: ' Hall ' } });
    const time = within(dialog).getByTestId('event-form-time').querySelector('input') ?? (within(dialog).getByTestId('event-form-time') as HTMLInputElement);
    fireEvent.mouseDown(time);
    fireEvent.focus(time);
    fireEvent.change(time, { target: { value: '2026-12-01 15:30' } });
    fireEvent.keyDown(time, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByTestId('event-form-ask-join'));
    await pick('notice-form-classes', 'Class 8-1');
    fireEvent.click(screen.getByTestId('notice-dialog-ok'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/events/create')).toHaveLength(1));
    expect(stub.bodies('/api/homeSchool/events/create')[0]).toEqual({
      title: 'Open day',
      content: 'Come and see.',
      images: [],
      place: 'Hall',
      eventAt: '2026-12-01 15:30',
      askJoin: true,
      recipients: '',
      classIds: [3],
      classAudience: 'parents',
    });
  });

  it('offers the Picker to holders of homeSchool:event:all', async () => {
    grant('homeSchool:event', 'homeSchool:event:edit', 'homeSchool:event:all');
    renderPage();
    await screen.findByText('Event 1');
    fireEvent.click(screen.getByTestId('manage-add'));
    const dialog = await screen.findByTestId('notice-dialog');
    expect(within(dialog).getByTestId('picker-field')).toBeInTheDocument();
  });

  it('modifies an event keeping its recipients and join question', async () => {
    grant('homeSchool:event', 'homeSchool:event:edit');
    renderPage();
    await screen.findByText('Event 1');
    fireEvent.click(screen.getByTestId('notice-edit-1'));
    const dialog = await screen.findByTestId('notice-dialog');
    await waitFor(() => expect(screen.getByTestId('event-form-place')).toHaveValue('Hall 1'));
    expect(within(dialog).getByTestId('event-form-ask-join-fixed')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('notice-form-classes')).toBeNull();
    fireEvent.click(screen.getByTestId('notice-dialog-ok'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/events/update')).toHaveLength(1));
    expect(stub.bodies('/api/homeSchool/events/update')[0]).toEqual({ id: 1, title: 'Event 1', content: 'Come and see.', images: [], place: 'Hall 1', eventAt: '2026-12-01 15:30' });
  });

  it('shows the receipts with each answer and filters by it', async () => {
    grant('homeSchool:event', 'homeSchool:event:edit');
    renderPage();
    await screen.findByText('Event 1');
    fireEvent.click(screen.getByTestId('notice-receipts-1'));
    const panel = await screen.findByTestId('notice-receipts');
    await within(panel).findByText('Parent Zhang');
    expect(stub.bodies('/api/homeSchool/events/receipts')[0]).toMatchObject({ id: 1, search: { read: '', answer: '', keyword: '' } });
    expect(within(panel).getAllByTestId('event-answer').map((el) => el.getAttribute('data-answer'))).toEqual(['join', 'none']);
    expect(within(panel).getByText('2026-11-25 09:02')).toBeInTheDocument();
    expect(within(panel).getByTestId('receipts-joined')).toHaveTextContent('5');
    fireEvent.click(within(panel).getByTestId('receipts-answer-join'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/events/receipts').at(-1)).toMatchObject({ id: 1, search: { answer: 'join' } }));
  });
});
