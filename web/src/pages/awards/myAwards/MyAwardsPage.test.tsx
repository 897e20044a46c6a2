import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MyAwardRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import MyAwardsPage from './MyAwardsPage.tsx';
import { viewport } from '../../../test/viewport.ts';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../api/client.ts', async () => (await import('../../../components/Timetable/callStub.ts')).clientModule);

const route = { path: '/jsgl/wdhj', title: '我的获奖', titleEn: 'My awards' } as AppRoute;
const rows: MyAwardRow[] = [
  { kind: 'aboveSchool', id: 3, name: '省青少年科技创新大赛二等奖', competitionTitle: null, level: 'province', awardedOn: '2026-11-20', studentId: 1, studentName: '张小明', notes: '节水装置', pictures: [] },
  { kind: 'disciplinary', id: 9, name: '一等奖', competitionTitle: '全市中学生数学竞赛', level: null, awardedOn: '2026-10-01', studentId: 1, studentName: '张小明', notes: '', pictures: [] },
];

const original = window.matchMedia;

beforeEach(() => {
  stub.reset();
  viewport(1366);
  stub.on('/api/awards/myAwards/page', () => ({ total: 2, children: [{ id: 1, name: '张小明' }], rows }));
});
afterEach(() => {
  window.matchMedia = original;
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/jsgl/wdhj']}>
        <MyAwardsPage route={route} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('MyAwardsPage', () => {
  it('lists both kinds of awards in one table, as the server orders them', async () => {
    renderPage();
    await screen.findByText('省青少年科技创新大赛二等奖');
    expect(screen.getByText('全市中学生数学竞赛')).toBeInTheDocument();
    expect(stub.bodies('/api/awards/myAwards/page')[0]).toMatchObject({ currPage: 0, limit: 10, search: { kind: '', studentId: '' } });
    await waitFor(() => expect(screen.getByTestId('my-awards-total')).toBeInTheDocument());
    expect(screen.queryByTestId('my-award-card')).toBeNull();
    // One child: no child column or filter.
    expect(screen.queryByTestId('my-awards-search-child')).toBeNull();
  });

  it('shows cards instead of a table on a phone (390 px)', async () => {
    viewport(390);
    renderPage();
    await screen.findByText('省青少年科技创新大赛二等奖');
    expect(screen.getAllByTestId('my-award-card')).toHaveLength(2);
    expect(document.querySelector('.ant-table-thead')).toBeNull();
  });

  it('offers a filter by child to a parent of several children', async () => {
    stub.on('/api/awards/myAwards/page', () => ({ total: 2, children: [{ id: 1, name: '张小明' }, { id: 2, name: '张小红' }], rows }));
    renderPage();
    expect(await screen.findByTestId('my-awards-search-child')).toBeInTheDocument();
  });
});
