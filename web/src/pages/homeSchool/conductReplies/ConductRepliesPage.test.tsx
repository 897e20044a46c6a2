import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { MyConductRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useMessageCounts } from '../../../state/messages.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import ConductRepliesPage from './ConductRepliesPage.tsx';
import { viewport } from '../../../test/viewport.ts';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../api/client.ts', async () => (await import('../../../components/Timetable/callStub.ts')).clientModule);

const route = { path: '/jxhd/bxhf', title: '表现回复', titleEn: 'Performance replies' } as AppRoute;
const row = (id: number, extra: Partial<MyConductRow> = {}): MyConductRow => ({
  id,
  studentId: 1,
  studentName: 'Zhang Xiaoming',
  className: 'Class 8-1',
  category: 'classroom',
  content: `Spoke up in class ${id}`,
  result: 'praise',
  askReply: true,
  publisherName: 'Teacher Wang',
  createdAt: '2026-11-25 08:20:00',
  myReply: null,
  ...extra,
});

const original = window.matchMedia;
const success = vi.fn();

beforeEach(() => {
  stub.reset();
  success.mockClear();
  setFeedback({ message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() }, modal: {} } as unknown as Feedback);
  viewport(1366);
  useMessageCounts.setState({ unread: 5, total: 0, readVersion: 0 });
  stub
    .on('/api/homeSchool/conductReplies/page', () => ({ total: 2, rows: [row(2), row(1, { askReply: false, result: 'improve' })] }))
    .on('/api/homeSchool/conductReplies/get', (o) => {
      const id = (o?.json as { id: number }).id;
      return id === 1 ? row(1, { askReply: false, result: 'improve' }) : row(id);
    })
    .on('/api/homeSchool/conductReplies/reply', () => null)
    .on('/api/message/info/unreadCount', () => ({ count: 4 }));
});
afterEach(() => {
  window.matchMedia = original;
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderPage(entry = '/jxhd/bxhf') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <ConductRepliesPage route={route} />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ConductRepliesPage', () => {
  it('lists the records of the children with whether a reply is asked', async () => {
    renderPage();
    await screen.findByText('Spoke up in class 2');
    expect(stub.bodies('/api/homeSchool/conductReplies/page')[0]).toMatchObject({ currPage: 0, limit: 10, search: { keyword: '', category: '', replied: '' } });
    expect(screen.getAllByTestId('conduct-reply-state').map((el) => el.getAttribute('data-state'))).toEqual(['asked']);
    expect(screen.queryByTestId('conduct-card')).toBeNull();
  });

  it('opens a record (its message read, the bell follows) and sends a reply, then replaces it', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('Spoke up in class 2'));
    const detail = await screen.findByTestId('conduct-reply-detail');
    expect(stub.bodies('/api/homeSchool/conductReplies/get')).toEqual([{ id: 2 }]);
    await waitFor(() => expect(useMessageCounts.getState().unread).toBe(4));
    fireEvent.click(within(detail).getByTestId('conduct-reply-send'));
    await within(detail).findByText('回复内容不能为空');
    expect(stub.calls('/api/homeSchool/conductReplies/reply')).toHaveLength(0);
    fireEvent.change(within(detail).getByTestId('conduct-reply-input'), { target: { value: ' Thank you, teacher. ' } });
    fireEvent.click(within(detail).getByTestId('conduct-reply-send'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/conductReplies/reply')).toEqual([{ id: 2, content: 'Thank you, teacher.' }]));
    await waitFor(() => expect(within(detail).getByTestId('conduct-my-reply')).toHaveTextContent('Thank you, teacher.'));
    expect(success).toHaveBeenCalled();
    // Rewriting: the sent reply fills the box again and the new one replaces it.
    expect(within(detail).queryByTestId('conduct-reply-input')).toBeNull();
    fireEvent.click(within(detail).getByTestId('conduct-reply-rewrite'));
    expect(within(detail).getByTestId('conduct-reply-input')).toHaveValue(' Thank you, teacher. ');
    fireEvent.change(within(detail).getByTestId('conduct-reply-input'), { target: { value: 'Thanks again.' } });
    fireEvent.click(within(detail).getByTestId('conduct-reply-send'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/conductReplies/reply').at(-1)).toEqual({ id: 2, content: 'Thanks again.' }));
    await waitFor(() => expect(within(detail).getByTestId('conduct-my-reply')).toHaveTextContent('Thanks again.'));
  });

  it('shows no reply box for a record that asks none', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('Spoke up in class 1'));
    const detail = await screen.findByTestId('conduct-reply-detail');
    expect(within(detail).getByTestId('conduct-result')).toHaveAttribute('data-result', 'improve');
    expect(within(detail).queryByTestId('conduct-reply-box')).toBeNull();
  });

  it('opens the record of a message link at once and drops the id from the address', async () => {
    renderPage('/jxhd/bxhf?id=7');
    const detail = await screen.findByTestId('conduct-reply-detail');
    expect(detail).toHaveAttribute('data-id', '7');
    expect(stub.bodies('/api/homeSchool/conductReplies/get')).toEqual([{ id: 7 }]);
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/jxhd\/bxhf$/));
  });

  it('shows cards instead of a table on a phone', async () => {
    viewport(390);
    renderPage();
    await screen.findByText('Spoke up in class 2');
    expect(screen.getAllByTestId('conduct-card')).toHaveLength(2);
    expect(document.querySelector('.ant-table-thead')).toBeNull();
  });
});
