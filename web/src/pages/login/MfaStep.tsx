import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { authApi, type MfaSecret, type SecondFactorDue } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { finishSignIn } from '../../app/session.ts';
import { CodeForm, EnrolSecret, RecoveryCodes } from '../../app/mfa/MfaParts.tsx';

interface Props {
  due: SecondFactorDue;
  username: string;
  /** The session is stored and loaded: the page moves on. */
  onDone: () => void;
  onBack: () => void;
}

/**
 * The second step of a login (issue 12): the code of the user's authenticator (or a recovery code), or,
 * where the second factor is required and not set up yet, the enrolment: QR code and secret, the first
 * code, then the recovery codes shown once. Loaded only when a login needs it.
 */
export default function MfaStep({ due, username, onDone, onBack }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [secret, setSecret] = useState<MfaSecret | null>(null);
  const [enrolled, setEnrolled] = useState<{ token: string; headerName: string; recoveryCodes: string[] } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once: a second start would replace the secret already shown.
    if (due.mfa !== 'enrol' || started.current) return;
    started.current = true;
    authApi.mfaEnrolStart(due.challenge).then(setSecret, (error: unknown) => setFailure(error instanceof ApiError ? error.message : t('login.failed')));
  }, [due, t]);

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t('login.failed'));
    } finally {
      setBusy(false);
    }
  };

  const verify = (code: string) =>
    attempt(async () => {
      const result = await authApi.mfaVerify(due.challenge, code);
      await finishSignIn(username, result.token, result.headerName);
      onDone();
    });

  const confirm = (code: string) =>
    attempt(async () => {
      setEnrolled(await authApi.mfaEnrolConfirm(due.challenge, code));
    });

  const saved = () =>
    attempt(async () => {
      if (!enrolled) return;
      await finishSignIn(username, enrolled.token, enrolled.headerName);
      onDone();
    });

  const title = enrolled ? t('mfa.recoveryTitle') : due.mfa === 'enrol' ? t('mfa.enrolTitle') : t('mfa.verifyTitle');
  return (
    <div data-testid={`mfa-step-${due.mfa}`}>
      <h3 className="login-card-title">{title}</h3>
      {!enrolled && <p className="login-card-subtitle">{due.mfa === 'enrol' ? t('mfa.enrolHint') : t('mfa.verifyHint')}</p>}
      {failure && <Alert type="error" showIcon title={failure} className="login-failure" data-testid="mfa-failure" />}
      {enrolled ? (
        <RecoveryCodes codes={enrolled.recoveryCodes} onSaved={() => void saved()} />
      ) : due.mfa === 'verify' ? (
        <CodeForm onSubmit={(code) => void verify(code)} submitLabel={t('mfa.verify')} recovery busy={busy} size="large" />
      ) : secret ? (
        <>
          <EnrolSecret secret={secret.secret} otpauthUri={secret.otpauthUri} />
          <CodeForm onSubmit={(code) => void confirm(code)} submitLabel={t('mfa.confirm')} recovery={false} busy={busy} size="large" />
        </>
      ) : (
        !failure && <Spin style={{ display: 'block', margin: '24px auto' }} />
      )}
      {!enrolled && (
        <div className="mfa-back">
          <Button type="link" onClick={onBack} data-testid="mfa-back">
            {t('mfa.back')}
          </Button>
        </div>
      )}
    </div>
  );
}
