import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Result, Spin, Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, FilePdfOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CertificateVerification } from '@campus/contract';
import { fileSha256, verifyCertificate } from '../../../api/certificates.ts';
import { ApiError } from '../../../api/client.ts';
import { appLogo, appTitle } from '../../../app/appTitle.ts';
import { QueryProvider } from '../../../app/queryClient.tsx';
import { LanguageButton } from '../../../app/layout/LanguageButton.tsx';
import { useSession } from '../../../state/session.ts';
import './verify.css';

/** What the page concludes about a certificate the school has on record. */
export type Verdict = 'genuine' | 'revoked' | 'altered';

/** An altered record outweighs a revocation (neither can be relied on); otherwise revoked, or genuine. */
export function verdictOf(certificate: Pick<CertificateVerification, 'intact' | 'revoked'>): Verdict {
  if (!certificate.intact) return 'altered';
  return certificate.revoked ? 'revoked' : 'genuine';
}

/**
 * /verify/:code, the public page a certificate's QR code opens (no sign-in): whether the school issued the
 * certificate and its record is unchanged (or it is unknown, revoked, altered), what it certifies with the
 * student's name partly hidden, and a check of the PDF the visitor was given against the file the school issued,
 * computed in the browser. In the visitor's language, with the language switch of the login page; phone-first.
 */
export default function VerifyPage() {
  return (
    <QueryProvider>
      <VerifyScreen />
    </QueryProvider>
  );
}

function VerifyScreen() {
  const { t, i18n } = useTranslation();
  const { code = '' } = useParams();
  const config = useSession((s) => s.config);
  const title = appTitle(config, i18n.language);
  useEffect(() => {
    document.title = `${t('verifyPage.title')} - ${title}`;
  }, [t, title]);
  const query = useQuery({
    queryKey: ['certificates', 'verify', code],
    queryFn: ({ signal }) => verifyCertificate(code, signal),
    enabled: code !== '',
    retry: false,
    gcTime: 0,
  });
  // An unknown code is the server's answer (result false), a lost connection is not.
  const notFound = code === '' || (query.isError && query.error instanceof ApiError && query.error.kind === 'business');

  let body: ReactNode;
  if (notFound) {
    body = (
      <Result
        status="error"
        title={t('verifyPage.notFound')}
        subTitle={
          <>
            {query.error?.message && <div>{query.error.message}</div>}
            <div>{t('verifyPage.notFoundHint')}</div>
          </>
        }
        data-testid="verify-verdict"
        data-verdict="notFound"
      />
    );
  } else if (query.isError) {
    body = (
      <Result
        status="warning"
        title={t('verifyPage.failed')}
        subTitle={query.error.message}
        extra={
          <Button type="primary" onClick={() => void query.refetch()} data-testid="verify-retry">
            {t('verifyPage.retry')}
          </Button>
        }
        data-testid="verify-verdict"
        data-verdict="failed"
      />
    );
  } else if (!query.data) {
    body = (
      <div className="verify-loading">
        <Spin size="large" description={t('verifyPage.checking')} />
      </div>
    );
  } else {
    body = <Verified certificate={query.data} />;
  }

  return (
    <div className="verify-page" data-testid="verify-page">
      <header className="verify-top">
        <div className="verify-brand">
          <img src={appLogo(config)} alt="" className="verify-logo" />
          <span className="verify-brand-name">{title}</span>
        </div>
        <LanguageButton className="verify-lang" />
      </header>
      <main className="verify-main">
        <Card className="verify-card" variant="borderless">
          <Typography.Title level={4} className="verify-title">
            {t('verifyPage.title')}
          </Typography.Title>
          {body}
        </Card>
      </main>
    </div>
  );
}

const VERDICT_ICONS: Record<Verdict, ReactNode> = {
  genuine: <CheckCircleFilled />,
  revoked: <CloseCircleFilled />,
  altered: <ExclamationCircleFilled />,
};

function Verified({ certificate }: { certificate: CertificateVerification }) {
  const { t, i18n } = useTranslation();
  const verdict = verdictOf(certificate);
  const school = i18n.language === 'en' ? certificate.schoolNameEn || certificate.schoolName : certificate.schoolName || certificate.schoolNameEn;
  const facts: { key: string; label: string; value: ReactNode }[] = [
    { key: 'serial', label: t('verifyPage.serialNumber'), value: <span className="verify-mono">{certificate.serialNumber}</span> },
    { key: 'kind', label: t('verifyPage.kind'), value: t(`verifyPage.kind.${certificate.kind}`) },
    { key: 'school', label: t('verifyPage.school'), value: school },
    { key: 'student', label: t('verifyPage.student'), value: certificate.studentName },
    { key: 'class', label: t('verifyPage.class'), value: certificate.className },
    { key: 'issued', label: t('verifyPage.issuedAt'), value: certificate.issuedAt },
    ...(certificate.validUntil ? [{ key: 'valid', label: t('verifyPage.validUntil'), value: certificate.validUntil }] : []),
    ...(certificate.revokedOn ? [{ key: 'revokedOn', label: t('verifyPage.revokedOn'), value: certificate.revokedOn }] : []),
  ];
  return (
    <div className="verify-body">
      <div className={`verify-verdict is-${verdict}`} role="status" data-testid="verify-verdict" data-verdict={verdict}>
        <span className="verify-verdict-icon">{VERDICT_ICONS[verdict]}</span>
        <div className="verify-verdict-text">
          <div className="verify-verdict-title">{t(`verifyPage.${verdict}`)}</div>
          <div>{verdict === 'genuine' ? t('verifyPage.genuineHint', { school }) : t(`verifyPage.${verdict}Hint`)}</div>
          {verdict === 'altered' && certificate.revoked && (
            <Tag color="error" className="verify-revoked-tag">
              {t('verifyPage.revoked')}
            </Tag>
          )}
        </div>
      </div>
      <Descriptions
        column={1}
        size="small"
        bordered
        className="verify-facts"
        items={facts.map((fact) => ({ key: fact.key, label: fact.label, children: <span data-testid={`verify-${fact.key}`}>{fact.value}</span> }))}
      />
      <Typography.Text type="secondary" className="verify-privacy">
        {t('verifyPage.privacy')}
      </Typography.Text>
      <FileCheck expected={certificate.pdfSha256} />
    </div>
  );
}

type FileState = { status: 'idle' } | { status: 'computing' | 'match' | 'mismatch' | 'failed'; name: string };

/** The visitor's PDF against the issued file: its SHA-256, computed in the browser, never uploaded. */
function FileCheck({ expected }: { expected: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<FileState>({ status: 'idle' });
  // Only the last chosen file's answer counts.
  const latest = useRef(0);

  const check = async (file: File) => {
    const attempt = ++latest.current;
    setState({ status: 'computing', name: file.name });
    try {
      const hash = await fileSha256(file);
      if (attempt === latest.current) setState({ status: hash === expected.toLowerCase() ? 'match' : 'mismatch', name: file.name });
    } catch {
      if (attempt === latest.current) setState({ status: 'failed', name: file.name });
    }
  };

  let result: ReactNode = null;
  if (state.status === 'match' || state.status === 'mismatch' || state.status === 'failed') {
    const match = state.status === 'match';
    result = (
      <Alert
        type={match ? 'success' : 'error'}
        showIcon
        title={state.status === 'failed' ? t('verifyPage.readFailed') : t(`verifyPage.${state.status}`)}
        description={state.status === 'failed' ? state.name : t(`verifyPage.${state.status}Hint`, { name: state.name })}
        data-testid="verify-file-result"
        data-result={state.status}
      />
    );
  }

  return (
    <section className="verify-file" aria-label={t('verifyPage.fileTitle')}>
      <Typography.Title level={5} className="verify-file-title">
        {t('verifyPage.fileTitle')}
      </Typography.Title>
      {expected ? (
        <>
          <Typography.Paragraph type="secondary" className="verify-file-hint">
            {t('verifyPage.fileHint')}
          </Typography.Paragraph>
          <input
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            className="verify-file-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              // The same file chosen again still checks.
              event.target.value = '';
              if (file) void check(file);
            }}
            data-testid="verify-file-input"
          />
          <Button icon={<FilePdfOutlined />} size="large" block onClick={() => input.current?.click()} loading={state.status === 'computing'} data-testid="verify-file-choose">
            {state.status === 'computing' ? t('verifyPage.computing') : t('verifyPage.choose')}
          </Button>
          {result}
          <div className="verify-fingerprint">
            <Typography.Text type="secondary">{t('verifyPage.fingerprint')}</Typography.Text>
            <span className="verify-mono" data-testid="verify-fingerprint">
              {expected}
            </span>
          </div>
        </>
      ) : (
        <Alert type="info" showIcon title={t('verifyPage.noFile')} description={t('verifyPage.noFileHint')} data-testid="verify-file-result" data-result="noFile" />
      )}
    </section>
  );
}
