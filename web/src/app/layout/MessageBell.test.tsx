import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { stub } from '../../components/Timetable/callStub.ts';
import { MessageBell } from './MessageBell.tsx';
import { useMessageCounts } from '../../state/messages.ts';
import { useSession } from '../../state/session.ts';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../api/client.ts', async () => (await import('../../components/Timetable/callStub.ts')).clientModule);

function renderBell() {
  return render(
    <MemoryRouter>
      <MessageBell />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  stub.reset();
  sessionStorage.clear();
  useMessageCounts.setState({ unread: 0, total: 0, readVersion: 0 });
  useSession.setState({ permissions: ['messageCenter_xxzx'] });
  stub.on('/api/message/info/getInfoByRecipient', () => ({ result: [], count: { COUNT: 0 } }));
});

describe('MessageBell', () => {
  it('is hidden without the messageCenter_xxzx permission', () => {
    useSession.setState({ permissions: [] });
    stub.on('/api/message/info/unreadCount', () => ({ count: 3 }));
    renderBell();
    expect(screen.queryByTestId('message-bell')).toBeNull();
    expect(stub.calls('/api/message/info/unreadCount')).toHaveLength(0);
  });

  it('shows the server unread count, caps the badge at 99+ and keeps the count in session storage', async () => {
    stub.on('/api/message/info/unreadCount', () => ({ count: 120 }));
    renderBell();
    await waitFor(() => expect(screen.getByTestId('message-bell')).toHaveTextContent('99+'));
    expect(sessionStorage.getItem('messageUnread')).toBe('120');
  });

  it('hides the badge at 0 and shows small numbers as they are', async () => {
    stub.on('/api/message/info/unreadCount', () => ({ count: 0 }));
    const { unmount } = renderBell();
    await waitFor(() => expect(stub.calls('/api/message/info/unreadCount')).toHaveLength(1));
    expect(screen.getByTestId('message-bell').querySelector('.ant-badge-count')).toBeNull();
    unmount();
    stub.on('/api/message/info/unreadCount', () => ({ count: 12 }));
    renderBell();
    await waitFor(() => expect(screen.getByTestId('message-bell')).toHaveTextContent('12'));
  });

  it('starts from the stored count while the server answers', () => {
    sessionStorage.setItem('messageUnread', '7');
    useMessageCounts.setState({ unread: 7 });
    stub.on('/api/message/info/unreadCount', () => new Promise(() => undefined));
    renderBell();
    expect(screen.getByTestId('message-bell')).toHaveTextContent('7');
  });

  it('opens the message pane', async () => {
    stub.on('/api/message/info/unreadCount', () => ({ count: 2 }));
    renderBell();
    fireEvent.click(screen.getByTestId('message-bell'));
    expect(await screen.findByTestId('message-pane')).toBeInTheDocument();
    await waitFor(() => expect(stub.bodies('/api/message/info/getInfoByRecipient')[0]).toMatchObject({ page: 0, size: 10, status: '0' }));
  });
});
