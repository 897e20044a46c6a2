import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stub } from '../Timetable/callStub.ts';
import { MessagePane } from './MessagePane.tsx';
import { messageWindow } from './useMessageReader.tsx';
import { useMessageCounts } from '../../state/messages.ts';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../api/client.ts', async () => (await import('../Timetable/callStub.ts')).clientModule);

const row = (id: number, extra: Record<string, unknown> = {}) => ({
  MESSAGE_ID: id,
  MESSAGE_TITLE: `Message ${id}`,
  MESSAGE_TYPE: 'notice',
  MESSAGE_TYPE_NAME: 'Notice',
  MESSAGE_STATUS: '0',
  MESSAGE_LINK: '',
  CREATE_TIME: '2026-11-20 10:00:00',
  ...extra,
});

function stubMessages(rows = [row(1), row(2, { MESSAGE_LINK: 'https://example.org/notice/2' }), row(3, { MESSAGE_STATUS: '1' })], total = rows.length) {
  stub
    .on('/api/message/info/getInfoByRecipient', () => ({ result: rows, count: { COUNT: total } }))
    .on('/api/message/info/getInfoById', (o) => ({ obj: { ...row(Number((o?.form as { id: string }).id)), MESSAGE_CONTENT: 'Sports day moves to Friday.' } }))
    .on('/api/message/info/markRead', () => ({ unread: 4 }));
}

afterEach(() => vi.restoreAllMocks());

beforeEach(() => {
  stub.reset();
  sessionStorage.clear();
  useMessageCounts.setState({ unread: 5, total: 0, readVersion: 0 });
});

describe('MessagePane', () => {
  it('lists the unread messages, ten a page, from page 0', async () => {
    stubMessages();
    render(<MessagePane open onClose={() => undefined} />);
    const items = await screen.findAllByTestId('message-item');
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('Message 1'), expect.stringContaining('Message 2'), expect.stringContaining('Message 3')]);
    expect(stub.bodies('/api/message/info/getInfoByRecipient')).toEqual([{ title: '', page: 0, size: 10, status: '0', type: '' }]);
  });

  it('the latest filter drops the status; the title search sends the title; paging is zero-based', async () => {
    stubMessages(Array.from({ length: 10 }, (_, i) => row(i + 1)), 25);
    render(<MessagePane open onClose={() => undefined} />);
    await screen.findAllByTestId('message-item');
    fireEvent.click(screen.getByTestId('message-filter-all'));
    await waitFor(() => expect(stub.bodies('/api/message/info/getInfoByRecipient').at(-1)).toMatchObject({ status: '', page: 0 }));
    const search = screen.getByPlaceholderText('搜索消息标题');
    fireEvent.change(search, { target: { value: ' sports ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(stub.bodies('/api/message/info/getInfoByRecipient').at(-1)).toMatchObject({ title: 'sports' }));
    fireEvent.click(document.querySelector('.campus-message-pager .ant-pagination-next')!);
    await waitFor(() => expect(stub.bodies('/api/message/info/getInfoByRecipient').at(-1)).toMatchObject({ page: 1, size: 10 }));
  });

  it('a message with a link opens in a new window and is marked read; the badge goes down', async () => {
    stubMessages();
    const open = vi.spyOn(messageWindow, 'open').mockImplementation(() => undefined);
    render(<MessagePane open onClose={() => undefined} />);
    const items = await screen.findAllByTestId('message-item');
    fireEvent.click(items[1]);
    expect(open).toHaveBeenCalledWith('https://example.org/notice/2');
    await waitFor(() => expect(stub.bodies('/api/message/info/markRead')).toEqual([{ id: '2' }]));
    await waitFor(() => expect(useMessageCounts.getState().unread).toBe(4));
    expect(sessionStorage.getItem('messageUnread')).toBe('4');
    await waitFor(() => expect(screen.getAllByTestId('message-item')[1]).toHaveAttribute('data-status', '1'));
    expect(stub.calls('/api/message/info/getInfoById')).toHaveLength(0);
    expect(document.querySelector('.campus-message-dialog')).toBeNull();
  });

  it('any other message shows its content in a dialog and is marked read', async () => {
    stubMessages();
    stub.on('/api/message/info/markRead', () => null);
    const open = vi.spyOn(messageWindow, 'open').mockImplementation(() => undefined);
    render(<MessagePane open onClose={() => undefined} />);
    const items = await screen.findAllByTestId('message-item');
    fireEvent.click(items[0]);
    expect(await screen.findByText('Sports day moves to Friday.')).toBeInTheDocument();
    expect(stub.bodies('/api/message/info/getInfoById')).toEqual([{ id: '1' }]);
    await waitFor(() => expect(stub.bodies('/api/message/info/markRead')).toEqual([{ id: '1' }]));
    // Without a count from the server the badge goes down by one.
    await waitFor(() => expect(useMessageCounts.getState().unread).toBe(4));
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('message-dialog-close'));
  });

  it('a read message is not marked again', async () => {
    stubMessages();
    render(<MessagePane open onClose={() => undefined} />);
    const items = await screen.findAllByTestId('message-item');
    fireEvent.click(items[2]);
    await screen.findByText('Sports day moves to Friday.');
    await new Promise((r) => setTimeout(r, 20));
    expect(stub.calls('/api/message/info/markRead')).toHaveLength(0);
    expect(useMessageCounts.getState().unread).toBe(5);
  });

  it('shows the empty text without messages and the centre button when given', async () => {
    stubMessages([], 0);
    const onOpenCenter = vi.fn();
    render(<MessagePane open onClose={() => undefined} onOpenCenter={onOpenCenter} />);
    expect(await screen.findByText('暂无消息')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('message-open-center'));
    expect(onOpenCenter).toHaveBeenCalled();
  });
});
