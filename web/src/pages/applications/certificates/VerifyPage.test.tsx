import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createHash } from 'node:crypto';
import type { CertificateVerification } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { ApiError } from '../../../api/client.ts';
import { i18n } from '../../../i18n/index.ts';
import VerifyPage, { verdictOf } from './VerifyPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

// The client as the page sees it, with the request client's kinds of failure.
vi.mock('../../../api/client.ts', async () => {
  const { stub: calls } = await import('../../../components/Timetable/callStub.ts');
  class ApiError extends Error {
    readonly kind: string;
    constructor(kind: string, message: string) {
      super(message);
      this.kind = kind;
    }
  }
  return { ApiError, call: (path: string, options?: unknown) => calls.call(path, options as never) };
});

const PDF = new TextEncoder().encode('%PDF-1.7 the certificate as issued');
const PDF_SHA256 = createHash('sha256').update(PDF).digest('hex');

const certificate = (extra: Partial<CertificateVerification> = {}): CertificateVerification => ({
  serialNumber: 'ZS2026000002',
  kind: 'enrolment',
  schoolName: 'Shiyan Middle School (zh)',
  schoolNameEn: 'Shiyan Middle School',
  studentName: 'Z*g',
  className: 'Grade 8 Class 1',
  issuedAt: '2026-11-25',
  validUntil: '',
  pdfSha256: PDF_SHA256,
  intact: true,
  revoked: false,
  revokedOn: '',
  ...extra,
});

let answers: Record<string, () => CertificateVerification>;

beforeEach(async () => {
  stub.reset();
  answers = {};
  await act(() => i18n.changeLanguage('zh'));
  stub.on('/api/certificates/verify', (options) => {
    const { code } = options?.json as { code: string };
    const answer = answers[code];
    if (!answer) throw new ApiError('business', '没有该编码的证明：这不是本校开具的证明');
    return answer();
  });
});
afterEach(async () => {
  await act(() => i18n.changeLanguage('zh'));
});

function renderPage(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/verify/:code" element={<VerifyPage />} />
        <Route path="/verify" element={<VerifyPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

function choose(bytes: Uint8Array<ArrayBuffer>, name: string) {
  const input = screen.getByTestId('verify-file-input') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([bytes], name, { type: 'application/pdf' })] } });
}

describe('VerifyPage', () => {
  it('says a certificate is genuine, with what it certifies, without signing in', async () => {
    answers.good1 = () => certificate();
    renderPage('/verify/good1');
    const verdict = await screen.findByTestId('verify-verdict');
    expect(verdict).toHaveAttribute('data-verdict', 'genuine');
    expect(verdict).toHaveTextContent('证明真实有效');
    expect(verdict).toHaveTextContent('本证明由Shiyan Middle School (zh)开具');
    expect(stub.calls('/api/certificates/verify')[0].options).toMatchObject({ json: { code: 'good1' }, anonymous: true, silent: true });
    expect(screen.getByTestId('verify-serial')).toHaveTextContent('ZS2026000002');
    expect(screen.getByTestId('verify-kind')).toHaveTextContent('在读证明');
    expect(screen.getByTestId('verify-school')).toHaveTextContent('Shiyan Middle School (zh)');
    expect(screen.getByTestId('verify-student')).toHaveTextContent('Z*g');
    expect(screen.getByTestId('verify-class')).toHaveTextContent('Grade 8 Class 1');
    expect(screen.getByTestId('verify-issued')).toHaveTextContent('2026-11-25');
    // Only a day-school permit has an end.
    expect(screen.queryByTestId('verify-valid')).toBeNull();
    expect(screen.getByTestId('language-button')).toBeInTheDocument();
  });

  it('checks the file the visitor was given against the issued one', async () => {
    answers.good2 = () => certificate();
    renderPage('/verify/good2');
    await screen.findByTestId('verify-verdict');
    expect(screen.getByTestId('verify-fingerprint')).toHaveTextContent(PDF_SHA256);
    choose(PDF, 'ZS2026000002.pdf');
    let result = await screen.findByTestId('verify-file-result');
    await waitFor(() => expect(result).toHaveAttribute('data-result', 'match'));
    expect(result).toHaveTextContent('与学校开具的文件完全一致');
    expect(result).toHaveTextContent('ZS2026000002.pdf未被改动');

    const changed = new Uint8Array(PDF);
    changed[changed.length - 1] ^= 1;
    choose(changed, 'edited.pdf');
    await waitFor(() => expect(screen.getByTestId('verify-file-result')).toHaveAttribute('data-result', 'mismatch'));
    result = screen.getByTestId('verify-file-result');
    expect(result).toHaveTextContent('与学校开具的文件不一致');
    expect(result).toHaveTextContent('edited.pdf与开具的文件不同');
  });

  it('says when the certificate has no issued file to compare with', async () => {
    answers.nofile = () => certificate({ pdfSha256: '' });
    renderPage('/verify/nofile');
    const result = await screen.findByTestId('verify-file-result');
    expect(result).toHaveAttribute('data-result', 'noFile');
    expect(result).toHaveTextContent('没有可比对的开具文件');
    expect(screen.queryByTestId('verify-file-input')).toBeNull();
  });

  it('says when no certificate has the code, with the server message', async () => {
    renderPage('/verify/unknown');
    const verdict = await screen.findByTestId('verify-verdict');
    expect(verdict).toHaveAttribute('data-verdict', 'notFound');
    expect(verdict).toHaveTextContent('未找到该证明');
    expect(verdict).toHaveTextContent('没有该编码的证明');
    expect(screen.queryByTestId('verify-file-input')).toBeNull();
  });

  it('warns of a revoked certificate and of an altered record', async () => {
    answers.revoked = () => certificate({ kind: 'daySchool', revoked: true, validUntil: '2027-01-15' });
    const view = renderPage('/verify/revoked');
    let verdict = await screen.findByTestId('verify-verdict');
    expect(verdict).toHaveAttribute('data-verdict', 'revoked');
    expect(verdict).toHaveTextContent('该证明已作废');
    expect(screen.getByTestId('verify-kind')).toHaveTextContent('走读证明');
    expect(screen.getByTestId('verify-valid')).toHaveTextContent('2027-01-15');
    view.unmount();

    answers.altered = () => certificate({ intact: false, revoked: true });
    renderPage('/verify/altered');
    verdict = await screen.findByTestId('verify-verdict');
    expect(verdict).toHaveAttribute('data-verdict', 'altered');
    expect(verdict).toHaveTextContent('该证明的记录已被改动');
    expect(within(verdict).getByText('该证明已作废')).toBeInTheDocument();
    expect(verdictOf({ intact: true, revoked: false })).toBe('genuine');
  });

  it('offers a retry when the check could not reach the school, and speaks English with the English school name', async () => {
    await act(() => i18n.changeLanguage('en'));
    let reachable = false;
    answers.later = () => {
      if (!reachable) throw new ApiError('network', 'network error');
      return certificate();
    };
    renderPage('/verify/later');
    const failed = await screen.findByTestId('verify-verdict');
    expect(failed).toHaveAttribute('data-verdict', 'failed');
    expect(failed).toHaveTextContent('The check could not be completed');
    reachable = true;
    fireEvent.click(screen.getByTestId('verify-retry'));
    await waitFor(() => expect(screen.getByTestId('verify-verdict')).toHaveAttribute('data-verdict', 'genuine'));
    expect(screen.getByTestId('verify-school')).toHaveTextContent(/^Shiyan Middle School$/);
    expect(screen.getByTestId('verify-kind')).toHaveTextContent('Certificate of enrolment');
    // The card: the language button beside it reads 中文 in English, as on the login page.
    expect(document.querySelector('.verify-card')?.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('treats an address without a code as an unknown certificate', async () => {
    renderPage('/verify');
    expect(await screen.findByTestId('verify-verdict')).toHaveAttribute('data-verdict', 'notFound');
    expect(stub.calls('/api/certificates/verify')).toHaveLength(0);
  });
});
