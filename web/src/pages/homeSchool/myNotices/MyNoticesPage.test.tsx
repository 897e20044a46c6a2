import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { MyNoticeRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useMessageCounts } from '../../../state/messages.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import MyNoticesPage from './MyNoticesPage.tsx';
import { viewport } from '../../../test/viewport.ts';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../api/client.ts', async () => (await import('../../../components/Timetable/callStub.ts')).clientModule);

const route = { path: '/jxhd/wdtz', title: '我的通知', titleEn: 'My notices' } as AppRoute;
// The fields the page reads; a row may carry more.
const row = (id: number, extra: Partial<MyNoticeRow> = {}): MyNoticeRow =>
  ({
    id,
    title: `Notice ${id}`,
    publisherName: 'Teacher Wang',
    createdAt: `2026-11-2${id} 08:20:00`,
    readAt: null,
    attachmentCount: 0,
    ...extra,
  }) as MyNoticeRow;

const original = window.matchMedia;

beforeEach(() => {
  stub.reset();
  viewport(1366);
  useMessageCounts.setState({ unread: 5, total: 0, readVersion: 0 });
  stub
    .on('/api/homeSchool/myNotices/page', () => ({ total: 2, unread: 1, rows: [row(2), row(1, { readAt: '2026-11-21 09:00:00', attachmentCount: 2 })] }))
    .on('/api/homeSchool/myNotices/get', (o) => ({
      ...row((o?.json as { id: number }).id, { readAt: '2026-11-25 10:00:00' }),
      content: 'Sports day is on Friday.\nBring a coat.',
      attachments: { images: [], video: [], documents: [{ id: 'f1', name: 'timetable.pdf', size: 120_000, mimeType: 'application/pdf' }], audio: [] },
    }))
    .on('/api/message/info/unreadCount', () => ({ count: 4 }));
});
afterEach(() => {
  window.matchMedia = original;
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderPage(entry = '/jxhd/wdtz') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <MyNoticesPage route={route} />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('MyNoticesPage', () => {
  it('lists the received notices with the unread ones marked and counted', async () => {
    renderPage();
    await screen.findByText('Notice 2');
    expect(stub.bodies('/api/homeSchool/myNotices/page')[0]).toMatchObject({ currPage: 0, limit: 10, search: { title: '', read: '' } });
    expect(screen.getByTestId('my-notices-unread')).toHaveTextContent('1 条未读');
    const titles = screen.getAllByTestId('my-notice-row-title');
    expect(titles.map((el) => el.getAttribute('data-unread'))).toEqual(['1', '0']);
    expect(screen.queryByTestId('my-notice-card')).toBeNull();
  });

  it('opens a notice (which marks it read) and the bell follows the server count', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('Notice 2'));
    const detail = await screen.findByTestId('my-notice-detail');
    expect(within(detail).getByTestId('notice-content')).toHaveTextContent('Sports day is on Friday.');
    expect(within(detail).getByText('timetable.pdf')).toBeInTheDocument();
    expect(stub.bodies('/api/homeSchool/myNotices/get')).toEqual([{ id: 2 }]);
    await waitFor(() => expect(useMessageCounts.getState().unread).toBe(4));
    await waitFor(() => expect(stub.calls('/api/homeSchool/myNotices/page').length).toBeGreaterThan(1));
  });

  it('opens the notice of a message link at once and drops the id from the address', async () => {
    renderPage('/jxhd/wdtz?id=7');
    const detail = await screen.findByTestId('my-notice-detail');
    expect(detail).toHaveAttribute('data-id', '7');
    expect(stub.bodies('/api/homeSchool/myNotices/get')).toEqual([{ id: 7 }]);
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/jxhd\/wdtz$/));
  });

  it('shows cards instead of a table on a phone', async () => {
    viewport(390);
    renderPage();
    await screen.findByText('Notice 2');
    expect(screen.getAllByTestId('my-notice-card')).toHaveLength(2);
    expect(document.querySelector('.ant-table-thead')).toBeNull();
  });
});
