import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { NoticeDetail, NoticeRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useSession } from '../../../state/session.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import NoticesPage from './NoticesPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../api/client.ts', async () => (await import('../../../components/Timetable/callStub.ts')).clientModule);

const route = { path: '/jxhd/tzfb', title: '通知发布', titleEn: 'Notice release' } as AppRoute;

const row = (id: number, extra: Partial<NoticeRow> = {}): NoticeRow => ({
  id,
  title: `Notice ${id}`,
  publisherName: 'Teacher Wang',
  createdAt: '2026-11-25 08:20:00',
  status: 'delivered',
  recipientTotal: 40,
  readCount: 12,
  deliveredCount: 40,
  ...extra,
});

const detail = (base: NoticeRow): NoticeDetail => ({
  ...base,
  content: 'Bring a coat.',
  attachments: { images: [], video: [], documents: [], audio: [] },
  recipients: '',
  recipientNames: [],
  classes: [{ id: 3, name: 'Class 7-1' }],
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
    .on('/api/homeSchool/notices/page', () => ({ total: 2, rows: [row(1), row(2, { status: 'delivering', deliveredCount: 0, recipientTotal: 10, readCount: 0 })] }))
    // The delivering notice has moved on since the list was loaded.
    .on('/api/homeSchool/notices/get', (o) => {
      const id = (o?.json as { id: number }).id;
      return detail(id === 2 ? row(2, { status: 'delivering', deliveredCount: 6, recipientTotal: 10, readCount: 0 }) : row(id));
    })
    .on('/api/homeSchool/notices/classes', () => [
      { id: 3, name: 'Class 7-1', gradeName: 'Grade 7' },
      { id: 4, name: 'Class 7-2', gradeName: 'Grade 7' },
    ])
    .on('/api/homeSchool/notices/create', () => ({ id: 9, taskId: 't', status: 'queued' }))
    .on('/api/homeSchool/notices/receipts', () => ({
      total: 2,
      read: 1,
      unread: 39,
      rows: [
        { userId: 11, account: 'jz201911001', name: 'Parent Zhang', userType: 4, relation: 'Zhang Xiaoming · Class 7-1', readAt: null, remindedAt: null },
        { userId: 12, account: 'jz201911002', name: 'Parent Li', userType: 4, relation: 'Li Hua · Class 7-1', readAt: '2026-11-25 09:01:00', remindedAt: null },
      ],
    }))
    .on('/api/homeSchool/notices/remind', () => ({ count: 39 }));
});

const grant = (...permissions: string[]) => useSession.setState({ permissions, roles: [] });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <NoticesPage route={route} />
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

describe('NoticesPage', () => {
  it('lists notices with their read counts and follows a delivery in progress', async () => {
    grant('homeSchool:notice');
    renderPage();
    await screen.findByText('Notice 1');
    expect(screen.getByText('通知发布')).toBeInTheDocument();
    expect(screen.getByTestId('notice-read-1')).toHaveTextContent('12 / 40');
    // Only the row still being delivered asks for its progress.
    await waitFor(() => expect(screen.getByTestId('notice-delivery-2')).toHaveTextContent('6 / 10'));
    expect(stub.bodies('/api/homeSchool/notices/get')).toEqual([{ id: 2 }]);
    expect(screen.getByTestId('notice-delivery-1')).toHaveTextContent('已送达');
    // Searching by title and status.
    await pick('notices-search-status', '发送失败');
    fireEvent.change(screen.getByTestId('notices-search-title'), { target: { value: ' flu ' } });
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/notices/page').at(-1)).toMatchObject({ currPage: 0, search: { title: 'flu', status: 'failed' } }));
    // Looking only: no publishing, modifying or deleting.
    expect(screen.queryByTestId('manage-add')).toBeNull();
    expect(screen.queryByTestId('notice-edit-1')).toBeNull();
    expect(screen.queryByTestId('notice-delete-1')).toBeNull();
  });

  it('publishes to a class, asking for recipients first; the Picker only with homeSchool:notice:all', async () => {
    grant('homeSchool:notice', 'homeSchool:notice:edit', 'homeSchool:notice:delete');
    renderPage();
    await screen.findByText('Notice 1');
    expect(screen.getByTestId('notice-delete-1')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('manage-add'));
    const dialog = await screen.findByTestId('notice-dialog');
    expect(within(dialog).queryByTestId('picker-field')).toBeNull();
    fireEvent.change(screen.getByTestId('notice-form-title'), { target: { value: 'Sports day' } });
    fireEvent.change(screen.getByTestId('notice-form-content'), { target: { value: 'Friday, on the field.' } });
    fireEvent.click(screen.getByTestId('notice-dialog-ok'));
    await within(dialog).findByText('请选择接收人：人员、组织机构、角色或班级');
    expect(stub.calls('/api/homeSchool/notices/create')).toHaveLength(0);

    await pick('notice-form-classes', 'Class 7-2');
    fireEvent.click(screen.getByTestId('notice-dialog-ok'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/notices/create')).toHaveLength(1));
    expect(stub.bodies('/api/homeSchool/notices/create')[0]).toEqual({
      title: 'Sports day',
      content: 'Friday, on the field.',
      images: [],
      video: [],
      documents: [],
      audio: [],
      recipients: '',
      classIds: [4],
      classAudience: 'parents',
    });
  });

  it('modifies the text and attachments of a notice, its recipients shown but not sent', async () => {
    grant('homeSchool:notice', 'homeSchool:notice:edit');
    stub.on('/api/homeSchool/notices/update', () => null);
    stub.on('/api/homeSchool/notices/get', () => ({
      ...detail(row(1)),
      attachments: { images: [{ id: 'img1', name: 'field.png', size: 2048, mimeType: 'image/png' }], video: [], documents: [], audio: [] },
    }));
    renderPage();
    await screen.findByText('Notice 1');
    fireEvent.click(screen.getByTestId('notice-edit-1'));
    const dialog = await screen.findByTestId('notice-dialog');
    await waitFor(() => expect(screen.getByTestId('notice-form-title')).toHaveValue('Notice 1'));
    expect(within(dialog).getByText('field.png')).toBeInTheDocument();
    expect(within(dialog).getByTestId('notice-recipients')).toHaveTextContent('Class 7-1');
    expect(within(dialog).queryByTestId('notice-form-classes')).toBeNull();
    fireEvent.change(screen.getByTestId('notice-form-title'), { target: { value: 'Notice 1, corrected' } });
    fireEvent.click(screen.getByTestId('notice-dialog-ok'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/notices/update')).toHaveLength(1));
    expect(stub.bodies('/api/homeSchool/notices/update')[0]).toEqual({ id: 1, title: 'Notice 1, corrected', content: 'Bring a coat.', images: ['img1'], video: [], documents: [], audio: [] });
  });

  it('offers the Picker to holders of homeSchool:notice:all', async () => {
    grant('homeSchool:notice', 'homeSchool:notice:edit', 'homeSchool:notice:all');
    renderPage();
    await screen.findByText('Notice 1');
    fireEvent.click(screen.getByTestId('manage-add'));
    const dialog = await screen.findByTestId('notice-dialog');
    expect(within(dialog).getByTestId('picker-field')).toBeInTheDocument();
  });

  it('shows the receipts with their counts and reminds the unread', async () => {
    grant('homeSchool:notice', 'homeSchool:notice:edit');
    renderPage();
    await screen.findByText('Notice 1');
    fireEvent.click(screen.getByTestId('notice-receipts-1'));
    const panel = await screen.findByTestId('notice-receipts');
    await within(panel).findByText('Parent Zhang');
    expect(stub.bodies('/api/homeSchool/notices/receipts')[0]).toMatchObject({ id: 1, currPage: 0, limit: 10, search: { read: '', keyword: '' } });
    expect(within(panel).getByTestId('receipts-unread')).toHaveTextContent('39');
    expect(within(panel).getByTestId('receipts-total')).toHaveTextContent('40');
    expect(within(panel).getByText('2026-11-25 09:01')).toBeInTheDocument();
    fireEvent.click(within(panel).getByTestId('receipts-filter-unread'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/notices/receipts').at(-1)).toMatchObject({ id: 1, search: { read: '0' } }));
    fireEvent.click(within(panel).getByTestId('receipts-remind'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/notices/remind')).toEqual([{ id: 1 }]));
    await waitFor(() => expect(success).toHaveBeenCalled());
  });
});
