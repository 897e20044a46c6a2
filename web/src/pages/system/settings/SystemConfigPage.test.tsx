import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { SystemConfigView } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useSession } from '../../../state/session.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import SystemConfigPage from './SystemConfigPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../api/client.ts', async () => (await import('../../../components/Timetable/callStub.ts')).clientModule);

const route = { path: '/xtgl/xtpz' } as AppRoute;
const VIEW: SystemConfigView = {
  title: '智慧校园管理平台',
  titleEn: 'Campus Administration',
  logo: 'logo123',
  logoUrl: '/api/config/logo/logo123',
  footer: '',
  footerEn: '',
  schoolName: '',
  schoolNameEn: '',
  seal: '',
  reportUrl: '',
  officePreviewUrl: '',
  loginType: 'normal',
  timeoutUrl: '',
  defaultTheme: '',
  encryption: false,
  encryptionForced: false,
  logRetentionDays: 180,
};

beforeEach(() => {
  stub.reset();
  stub
    .on('/api/system/config/get', () => VIEW)
    .on('/api/system/config/save', () => null)
    .on('/api/config/client', () => ({ ...VIEW, logo: VIEW.logoUrl, title: '新标题' }));
  useSession.setState({ permissions: ['system:config'], roles: ['admin'] });
});

describe('SystemConfigPage', () => {
  it('needs the IDS timeout address with IDS, then saves the whole configuration with the logo id', async () => {
    render(<SystemConfigPage route={route} />);
    const title = await screen.findByTestId('sysconfig-title');
    await waitFor(() => expect(title).toHaveValue('智慧校园管理平台'));
    expect(screen.getByTestId('sysconfig-logo-preview')).toHaveAttribute('src', '/api/config/logo/logo123');
    fireEvent.change(title, { target: { value: '新标题' } });
    fireEvent.click(screen.getByLabelText('IDS统一认证'));
    fireEvent.click(screen.getByTestId('sysconfig-save'));
    expect(await screen.findByText('登录方式为IDS时，IDS超时地址不能为空')).toBeInTheDocument();
    expect(stub.calls('/api/system/config/save')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('sysconfig-timeout-url'), { target: { value: 'https://ids.example.edu/logout' } });
    fireEvent.click(screen.getByTestId('sysconfig-save'));
    await waitFor(() => expect(stub.bodies('/api/system/config/save')).toHaveLength(1));
    expect(stub.bodies('/api/system/config/save')[0]).toMatchObject({ title: '新标题', loginType: 'IDS', timeoutUrl: 'https://ids.example.edu/logout', logo: 'logo123', logRetentionDays: 180 });
    await waitFor(() => expect(useSession.getState().config.title).toBe('新标题'));
    await waitFor(() => expect(screen.getByTestId('sysconfig-save')).not.toHaveClass('ant-btn-loading'));
  });

  it("keeps the certificates' school names and seal when saving, and sends the changed ones", async () => {
    stub.on('/api/system/config/get', () => ({ ...VIEW, schoolName: '实验中学', schoolNameEn: '', seal: 'seal9' }));
    render(<SystemConfigPage route={route} />);
    const name = await screen.findByTestId('sysconfig-school-name');
    await waitFor(() => expect(name).toHaveValue('实验中学'));
    expect(screen.getByText('公章图片')).toBeInTheDocument();
    expect(screen.getByText('当前公章')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('sysconfig-school-name-en'), { target: { value: ' Shiyan Middle School ' } });
    fireEvent.click(screen.getByTestId('sysconfig-save'));
    await waitFor(() => expect(stub.bodies('/api/system/config/save')).toHaveLength(1));
    expect(stub.bodies('/api/system/config/save')[0]).toMatchObject({ schoolName: '实验中学', schoolNameEn: ' Shiyan Middle School ', seal: 'seal9', logo: 'logo123' });
    // The save goes on to reload the page; ending before it does left React work running after the
    // test environment was gone ('window is not defined', once on a loaded machine).
    await waitFor(() => expect(stub.calls('/api/system/config/get')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('sysconfig-save')).not.toHaveClass('ant-btn-loading'));
  });
});
