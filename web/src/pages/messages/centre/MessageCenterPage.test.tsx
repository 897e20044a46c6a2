import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { stub } from '../../../components/Timetable/callStub.ts';
import MessageCenterPage, { DEFAULT_SEARCH } from './MessageCenterPage.tsx';
import { useMessageCounts } from '../../../state/messages.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { restoreViewport, viewport } from '../../../test/viewport.ts';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../api/client.ts', async () => (await import('../../../components/Timetable/callStub.ts')).clientModule);

const route = { path: '/messageCenter/xxzx' } as AppRoute;
const row = (id: number, extra: Record<string, unknown> = {}) => ({
  MESSAGE_ID: id,
  MESSAGE_TITLE: `Message ${id}`,
  MESSAGE_TYPE: 'homework',
  MESSAGE_STATUS: '0',
  MESSAGE_LINK: '',
  CREATE_TIME: `2026-11-${10 + id} 09:00:00`,
  ...extra,
});

beforeEach(() => {
  stub.reset();
  useMessageCounts.setState({ unread: 3, total: 0, readVersion: 0 });
  stub
    .on('/api/message/center/page', () => ({ total: 2, rows: [row(1), row(2, { MESSAGE_STATUS: '1', MESSAGE_TYPE: 'notice', MESSAGE_TYPE_NAME: 'School notice' })] }))
    .on('/dicts', () => ({ STD_MESSAGE_TYPE: [{ code: 'homework', name: 'Homework' }, { code: 'notice', name: 'Notice' }] }))
    .on('/api/message/info/markRead', () => ({ unread: 2 }))
    .on('/api/message/info/getInfoById', () => ({ obj: { ...row(1), MESSAGE_CONTENT: 'Chapter 3 exercises.' } }));
});

afterEach(restoreViewport);

const bodies = () => stub.bodies('/api/message/center/page') as { currPage: number; limit: number; order: string; sortField: string; search: Record<string, string> }[];

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

describe('MessageCenterPage', () => {
  it('loads the last week, newest first, ten a page, with type names from STD_MESSAGE_TYPE', async () => {
    render(<MessageCenterPage route={route} />);
    await screen.findByText('Message 1');
    expect(DEFAULT_SEARCH.range).toBe('week');
    expect(bodies()[0]).toMatchObject({ currPage: 0, limit: 10, order: 'desc', sortField: 'createTime', search: { range: 'week', status: '', type: '', title: '' } });
    expect(stub.bodies('/dicts')).toEqual([{ typeArr: 'STD_MESSAGE_TYPE' }]);
    // A row without a type name takes the dictionary's; a given type name stays.
    await screen.findByText('Homework');
    expect(screen.getByText('School notice')).toBeInTheDocument();
  });

  it('searches the month and three months ranges', async () => {
    render(<MessageCenterPage route={route} />);
    await screen.findByText('Message 1');
    fireEvent.click(screen.getByTestId('message-range-month'));
    await waitFor(() => expect(bodies().at(-1)?.search.range).toBe('month'));
    fireEvent.click(screen.getByTestId('message-range-threeMonths'));
    await waitFor(() => expect(bodies().at(-1)?.search.range).toBe('threeMonths'));
    expect(bodies().at(-1)?.currPage).toBe(0);
  });

  it('filters by read status, type and title', async () => {
    render(<MessageCenterPage route={route} />);
    await screen.findByText('Message 1');
    await pick('message-center-status', '未读');
    await pick('message-center-type', 'Notice');
    fireEvent.change(screen.getByPlaceholderText('输入标题关键字'), { target: { value: ' exam ' } });
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(bodies().at(-1)?.search).toEqual({ range: 'week', status: '0', type: 'notice', title: 'exam' }));
    await pick('message-center-status', '已读');
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(bodies().at(-1)?.search.status).toBe('1'));
  });

  it('marks a message read: the badge goes down and the list reloads', async () => {
    render(<MessageCenterPage route={route} />);
    await screen.findByText('Message 1');
    const before = bodies().length;
    fireEvent.click(screen.getByTestId('message-center-mark-read'));
    await waitFor(() => expect(stub.bodies('/api/message/info/markRead')).toEqual([{ id: '1' }]));
    await waitFor(() => expect(useMessageCounts.getState().unread).toBe(2));
    await waitFor(() => expect(bodies().length).toBe(before + 1));
  });

  it('opens a message from its title', async () => {
    render(<MessageCenterPage route={route} />);
    fireEvent.click(await screen.findByText('Message 1'));
    expect(await screen.findByText('Chapter 3 exercises.')).toBeInTheDocument();
    await waitFor(() => expect(stub.bodies('/api/message/info/markRead')).toEqual([{ id: '1' }]));
  });

  it('on a phone shows one column: the title with its type, time and action beneath it', async () => {
    viewport(390);
    render(<MessageCenterPage route={route} />);
    await screen.findByText('Message 1');
    const table = screen.getByTestId('message-center-table');
    expect(table.querySelectorAll('thead th')).toHaveLength(1);
    const first = screen.getByText('Message 1').closest('tr') as HTMLElement;
    expect(within(first).getByText('Homework')).toBeInTheDocument();
    expect(within(first).getByText('2026-11-11 09:00:00')).toBeInTheDocument();
    fireEvent.click(within(first).getByTestId('message-center-mark-read'));
    await waitFor(() => expect(stub.bodies('/api/message/info/markRead')).toEqual([{ id: '1' }]));
  });
});
