import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { OperationLogRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useSession } from '../../../state/session.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import OperationLogPage from './OperationLogPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../api/client.ts', async () => (await import('../../../components/Timetable/callStub.ts')).clientModule);

const route = { path: '/xtgl/rzgl' } as AppRoute;
const ROW: OperationLogRow = {
  id: 7,
  createdAt: '2026-11-20T08:30:00.000Z',
  userId: 12,
  account: 'T0001',
  clientAddress: '10.0.0.8',
  method: 'POST',
  path: '/api/login/v4',
  handler: '/api/login/v4',
  module: 'auth',
  operation: 'login',
  params: { username: 'T0001', password: '******' },
  durationMs: 35,
  outcome: 'failure',
  statusCode: 200,
  errorMessage: '用户名或密码错误',
  clientType: 'pc',
  systemName: 'campus',
};

beforeEach(() => {
  stub.reset();
  stub.on('/api/system/logs/page', () => ({ total: 1, rows: [ROW] }));
  useSession.setState({ permissions: ['system:log'], roles: ['admin'] });
});

describe('OperationLogPage', () => {
  it('lists the log and shows one entry with its redacted parameters', async () => {
    render(<OperationLogPage route={route} />);
    await screen.findByText('/api/login/v4');
    fireEvent.click(screen.getByTestId('oplog-detail-7'));
    const detail = await screen.findByTestId('oplog-detail');
    expect(within(detail).getByText('用户名或密码错误')).toBeInTheDocument();
    expect(within(detail).getByTestId('oplog-detail-params').textContent).toContain('"password": "******"');
    expect(within(detail).getByText('campus')).toBeInTheDocument();
    await waitFor(() => expect(stub.calls('/api/system/logs/page').length).toBeGreaterThan(0));
  });
});
