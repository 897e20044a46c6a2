import { Button, Form, Input, QRCode } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../feedback.ts';
import './mfa.css';

/** The QR code an authenticator app scans, with the secret to type in where scanning is not possible. */
export function EnrolSecret({ secret, otpauthUri }: { secret: string; otpauthUri: string }) {
  const { t } = useTranslation();
  // Groups of four, as authenticator apps show and accept them.
  const grouped = secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <div className="mfa-enrol" data-testid="mfa-enrol-secret">
      <QRCode type="svg" value={otpauthUri} size={176} bordered={false} data-testid="mfa-qr" />
      <div className="mfa-secret">
        <span className="mfa-secret-label">{t('mfa.secret')}</span>
        <code data-testid="mfa-secret" data-secret={secret}>
          {grouped}
        </code>
      </div>
    </div>
  );
}

/** The recovery codes, shown once: the user acknowledges having saved them. */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { t } = useTranslation();
  const copy = () => {
    void navigator.clipboard?.writeText(codes.join('\n')).then(
      () => feedback().message.success(t('mfa.copied')),
      () => undefined,
    );
  };
  return (
    <div data-testid="mfa-recovery">
      <p className="mfa-hint">{t('mfa.recoveryHint')}</p>
      <ol className="mfa-codes" data-testid="mfa-recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="mfa-actions">
        <Button icon={<CopyOutlined />} onClick={copy}>
          {t('mfa.copy')}
        </Button>
        <Button type="primary" onClick={onSaved} data-testid="mfa-recovery-saved">
          {t('mfa.recoverySaved')}
        </Button>
      </div>
    </div>
  );
}

/** One code field: a 6-digit authenticator code, or (where accepted) a recovery code. */
export function CodeForm({
  onSubmit,
  submitLabel,
  recovery,
  busy,
  size,
}: {
  onSubmit: (code: string) => void;
  submitLabel: string;
  recovery: boolean;
  busy: boolean;
  size?: 'large' | 'middle';
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  return (
    <Form form={form} layout="vertical" size={size} requiredMark={false} onFinish={(values) => onSubmit(values.code.trim())}>
      <Form.Item name="code" label={t('mfa.code')} rules={[{ required: true, whitespace: true, message: t('mfa.codeRequired') }]}>
        <Input
          placeholder={t(recovery ? 'mfa.codePlaceholder' : 'mfa.enrolCodePlaceholder')}
          maxLength={recovery ? 64 : 6}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          data-testid="mfa-code"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="mfa-submit">
        {submitLabel}
      </Button>
    </Form>
  );
}
