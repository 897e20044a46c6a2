import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import MfaStep from './MfaStep.tsx';

const api = vi.hoisted(() => ({
  mfaEnrolStart: vi.fn(),
  mfaEnrolConfirm: vi.fn(),
  mfaVerify: vi.fn(),
}));
const session = vi.hoisted(() => ({ finishSignIn: vi.fn() }));
vi.mock('../../api/auth.ts', () => ({ authApi: api }));
vi.mock('../../app/session.ts', () => session);

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.clearAllMocks();
  session.finishSignIn.mockResolvedValue(undefined);
});

describe('the second step of a login', () => {
  it('enrols where it is required: QR code and secret, the first code, the recovery codes once, then the session', async () => {
    api.mfaEnrolStart.mockResolvedValue({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Campus:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
    api.mfaEnrolConfirm.mockResolvedValue({ token: 'the-token', headerName: 'X-TOKEN-XX', recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] });
    const onDone = vi.fn();
    render(<MfaStep due={{ mfa: 'enrol', challenge: 'the-challenge' }} username="admin" onDone={onDone} onBack={() => undefined} />);

    expect(await screen.findByText('绑定身份验证器')).toBeInTheDocument();
    expect(await screen.findByTestId('mfa-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getByTestId('mfa-qr').querySelector('svg')).not.toBeNull();
    expect(api.mfaEnrolStart).toHaveBeenCalledTimes(1);

    fireEvent.change(screen.getByTestId('mfa-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('mfa-submit'));
    expect(await screen.findByTestId('mfa-recovery-codes')).toHaveTextContent('aaaaa-bbbbb');
    expect(api.mfaEnrolConfirm).toHaveBeenCalledWith('the-challenge', '123456');
    // No session until the codes are acknowledged.
    expect(session.finishSignIn).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('mfa-recovery-saved'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(session.finishSignIn).toHaveBeenCalledWith('admin', 'the-token', 'X-TOKEN-XX');
  });

  it('asks for a code and shows the refusal', async () => {
    const { ApiError } = await import('../../api/client.ts');
    api.mfaVerify.mockRejectedValue(new ApiError('business', '验证码不正确', 400));
    render(<MfaStep due={{ mfa: 'verify', challenge: 'c' }} username="admin" onDone={() => undefined} onBack={() => undefined} />);
    expect(screen.getByText('两步验证')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('mfa-code'), { target: { value: 'abcde-fghij' } });
    fireEvent.click(screen.getByTestId('mfa-submit'));
    expect(await screen.findByTestId('mfa-failure')).toHaveTextContent('验证码不正确');
    expect(api.mfaVerify).toHaveBeenCalledWith('c', 'abcde-fghij');
  });
});
