import { useState } from 'react';
import { Alert, Button, Modal, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authApi, type MfaSecret } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { feedback } from '../feedback.ts';
import { CodeForm, EnrolSecret, RecoveryCodes } from './MfaParts.tsx';

type View = { kind: 'overview' } | { kind: 'enrol'; secret: MfaSecret } | { kind: 'codes'; codes: string[] } | { kind: 'disable' } | { kind: 'renew' };

/**
 * The signed-in user's second factor (user menu → Two-factor authentication): its state, turning it on
 * (QR code, first code, recovery codes shown once), new recovery codes and turning it off with a current
 * code. Where it is required it cannot be turned off; an administrator can reset it (users page).
 */
export default function MfaDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>({ kind: 'overview' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const status = useQuery({ queryKey: ['mfa-status'], queryFn: authApi.mfaStatus, enabled: open });

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t('request.failed'));
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setView({ kind: 'overview' });
    setFailure(null);
    onClose();
  };

  const backToOverview = () => {
    setView({ kind: 'overview' });
    void status.refetch();
  };

  const data = status.data;
  let body;
  if (view.kind === 'enrol') {
    body = (
      <>
        <p className="mfa-hint">{t('mfa.selfEnrolHint')}</p>
        <EnrolSecret secret={view.secret.secret} otpauthUri={view.secret.otpauthUri} />
        <CodeForm
          recovery={false}
          busy={busy}
          submitLabel={t('mfa.confirm')}
          onSubmit={(code) =>
            void run(async () => {
              const result = await authApi.mfaEnableConfirm(code);
              feedback().message.success(t('mfa.statusOn'));
              setView({ kind: 'codes', codes: result.recoveryCodes });
            })
          }
        />
      </>
    );
  } else if (view.kind === 'codes') {
    body = <RecoveryCodes codes={view.codes} onSaved={backToOverview} />;
  } else if (view.kind === 'disable' || view.kind === 'renew') {
    body = (
      <>
        <p className="mfa-hint">{t('mfa.currentCodeHint')}</p>
        <CodeForm
          recovery
          busy={busy}
          submitLabel={view.kind === 'disable' ? t('mfa.disable') : t('mfa.renewCodes')}
          onSubmit={(code) =>
            void run(async () => {
              if (view.kind === 'renew') {
                setView({ kind: 'codes', codes: (await authApi.mfaRecoveryCodes(code)).recoveryCodes });
                return;
              }
              const answer = await authApi.mfaDisable(code);
              feedback().message.success(answer.msg || t('mfa.statusOff'));
              backToOverview();
            })
          }
        />
      </>
    );
  } else if (!data) {
    body = <Spin style={{ display: 'block', margin: '24px auto' }} />;
  } else {
    body = (
      <div data-testid="mfa-overview">
        <p>
          {t('mfa.status')}:{' '}
          <Tag color={data.enabled ? 'green' : 'default'} data-testid="mfa-status">
            {data.enabled ? t('mfa.statusOn') : t('mfa.statusOff')}
          </Tag>
        </p>
        <p className="mfa-hint">{data.required ? t('mfa.requiredNote') : t('mfa.optionalNote')}</p>
        {data.enabled && <p data-testid="mfa-recovery-left">{t('mfa.recoveryLeft', { count: data.recoveryCodesLeft })}</p>}
        <div className="mfa-actions">
          {!data.enabled && (
            <Button
              type="primary"
              loading={busy}
              data-testid="mfa-enable"
              onClick={() => void run(async () => setView({ kind: 'enrol', secret: await authApi.mfaEnableStart() }))}
            >
              {t('mfa.enable')}
            </Button>
          )}
          {data.enabled && (
            <Button onClick={() => setView({ kind: 'renew' })} data-testid="mfa-renew">
              {t('mfa.renewCodes')}
            </Button>
          )}
          {data.enabled && !data.required && (
            <Button danger onClick={() => setView({ kind: 'disable' })} data-testid="mfa-disable">
              {t('mfa.disable')}
            </Button>
          )}
        </div>
      </div>
    );
  }

  return (
    <Modal open={open} title={t('mfa.dialogTitle')} onCancel={close} footer={null} destroyOnHidden mask={{ closable: view.kind !== 'codes' }}>
      <div data-testid="mfa-dialog">
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} data-testid="mfa-failure" />}
        {body}
      </div>
    </Modal>
  );
}
