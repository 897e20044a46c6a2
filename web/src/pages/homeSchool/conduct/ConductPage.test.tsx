import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ConductRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useSession } from '../../../state/session.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import ConductPage from './ConductPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../api/client.ts', async () => (await import('../../../components/Timetable/callStub.ts')).clientModule);

const route = { path: '/jxhd/bxfb', title: '表现发布', titleEn: 'Performance release' } as AppRoute;

const row = (id: number, extra: Partial<ConductRow> = {}): ConductRow => ({
  id,
  studentId: 100 + id,
  studentName: `Student ${id}`,
  studentNumber: `20191100${id}`,
  className: 'Class 8-1',
  category: 'classroom',
  content: `Spoke up in class ${id}`,
  result: 'praise',
  askReply: true,
  publisherName: 'Teacher Wang',
  createdAt: '2026-11-25 08:20:00',
  replies: [],
  ...extra,
});

const success = vi.fn();
beforeEach(() => {
  stub.reset();
  success.mockClear();
  setFeedback({ message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() }, modal: {} } as unknown as Feedback);
  stub
    .on('/api/homeSchool/conduct/page', () => ({
      total: 2,
      rows: [row(1, { replies: [{ parentName: 'Parent Zhang', content: 'Thank you', repliedAt: '2026-11-25 09:00:00' }] }), row(2, { result: 'improve', askReply: false })],
    }))
    .on('/api/homeSchool/conduct/get', (o) => {
      const id = (o?.json as { id: number }).id;
      return id === 1 ? row(1, { replies: [{ parentName: 'Parent Zhang', content: 'Thank you', repliedAt: '2026-11-25 09:00:00' }] }) : row(id, { result: 'improve', askReply: false });
    })
    .on('/api/homeSchool/conduct/students', () => ({ total: 1, rows: [{ id: 101, studentNumber: '201911001', name: 'Zhang Xiaoming', className: 'Class 8-1' }] }))
    .on('/api/homeSchool/conduct/create', () => ({ ids: [9] }))
    .on('/api/homeSchool/conduct/update', () => null);
});

const grant = (...permissions: string[]) => useSession.setState({ permissions, roles: [] });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConductPage route={route} />
    </QueryClientProvider>,
  );
}

async function pick(testId: string, option: RegExp | string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((el) => (typeof option === 'string' ? el.textContent === option : option.test(el.textContent ?? '')));
    if (!found) throw new Error(`no option ${String(option)}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

describe('ConductPage', () => {
  it('lists the records with coloured results and their replies; filters by category and reply', async () => {
    grant('homeSchool:performance');
    renderPage();
    await screen.findByText('Spoke up in class 1');
    expect(screen.getByText('表现发布')).toBeInTheDocument();
    const results = screen.getAllByTestId('conduct-result');
    expect(results.map((el) => el.getAttribute('data-result'))).toEqual(['praise', 'improve']);
    expect(results[0]).toHaveTextContent('表扬');
    expect(results[0].className).toMatch(/green/);
    expect(results[1].className).toMatch(/orange/);
    expect(screen.getByTestId('conduct-replies-1')).toHaveAttribute('data-count', '1');
    expect(screen.getByText('无需回复')).toBeInTheDocument();
    await pick('conduct-search-category', '纪律');
    await pick('conduct-search-replied', '未回复');
    fireEvent.change(screen.getByTestId('conduct-search-keyword'), { target: { value: ' Zhang ' } });
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/conduct/page').at(-1)).toMatchObject({ currPage: 0, search: { keyword: 'Zhang', category: 'discipline', replied: '0' } }));
    // Looking only: no recording, modifying or deleting.
    expect(screen.queryByTestId('manage-add')).toBeNull();
    expect(screen.queryByTestId('conduct-edit-1')).toBeNull();
    expect(screen.queryByTestId('conduct-delete-1')).toBeNull();
  });

  it('records praise for a student asking for a reply, checking the fields first', async () => {
    grant('homeSchool:performance', 'homeSchool:performance:edit', 'homeSchool:performance:delete');
    renderPage();
    await screen.findByText('Spoke up in class 1');
    expect(screen.getByTestId('conduct-delete-1')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('manage-add'));
    const dialog = await screen.findByTestId('conduct-dialog');
    fireEvent.click(screen.getByTestId('conduct-dialog-ok'));
    await within(dialog).findByText('请至少选择一名学生');
    expect(within(dialog).getByText('请选择分类')).toBeInTheDocument();
    expect(stub.calls('/api/homeSchool/conduct/create')).toHaveLength(0);

    await pick('conduct-form-students', /Zhang Xiaoming/);
    await pick('conduct-form-category', '课堂表现');
    fireEvent.change(screen.getByTestId('conduct-form-content'), { target: { value: 'Helped a classmate.' } });
    fireEvent.click(screen.getByTestId('conduct-form-ask-reply'));
    fireEvent.click(screen.getByTestId('conduct-dialog-ok'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/conduct/create')).toHaveLength(1));
    expect(stub.bodies('/api/homeSchool/conduct/create')[0]).toEqual({ studentIds: [101], category: 'classroom', result: 'praise', content: 'Helped a classmate.', askReply: true });
    await waitFor(() => expect(success).toHaveBeenCalled());
  });

  it('modifies the category, content and result only', async () => {
    grant('homeSchool:performance', 'homeSchool:performance:edit');
    renderPage();
    await screen.findByText('Spoke up in class 1');
    fireEvent.click(screen.getByTestId('conduct-edit-2'));
    const dialog = await screen.findByTestId('conduct-dialog');
    await waitFor(() => expect(screen.getByTestId('conduct-form-content')).toHaveValue('Spoke up in class 2'));
    expect(within(dialog).getByTestId('conduct-form-student')).toHaveTextContent('Student 2');
    expect(within(dialog).queryByTestId('conduct-form-ask-reply')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('conduct-form-result-normal'));
    fireEvent.click(screen.getByTestId('conduct-dialog-ok'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/conduct/update')).toHaveLength(1));
    expect(stub.bodies('/api/homeSchool/conduct/update')[0]).toEqual({ id: 2, category: 'classroom', result: 'normal', content: 'Spoke up in class 2' });
  });

  it('shows a record with the parents replies', async () => {
    grant('homeSchool:performance');
    renderPage();
    await screen.findByText('Spoke up in class 1');
    fireEvent.click(screen.getByTestId('conduct-view-1'));
    const view = await screen.findByTestId('conduct-view');
    expect(stub.bodies('/api/homeSchool/conduct/get')).toEqual([{ id: 1 }]);
    expect(within(view).getByTestId('conduct-reply')).toHaveTextContent('Parent Zhang');
    expect(within(view).getByTestId('conduct-reply')).toHaveTextContent('Thank you');
    expect(within(view).getByTestId('conduct-reply')).toHaveTextContent('2026-11-25 09:00');
  });
});
