import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ApplicationView, ApprovalQueueRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useSession } from '../../../state/session.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import type { RequestOptions } from '../../../api/client.ts';
import ReviewPage from './ReviewPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 5000 });

/** The server's msg of each call, as the envelope carries it. */
const messages: Record<string, string> = {};
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  return {
    ...clientModule,
    request: async (path: string, options?: RequestOptions) => ({ result: true, code: 200, msg: messages[path] ?? '', data: await calls.call(path, options) }),
    // Pictures behind the token: refused here, so the thumbnail shows its name only; a certificate downloads.
    download: async (path: string) => {
      if (path === '/api/applications/certificates/pdf') return new Blob(['%PDF-1.7'], { type: 'application/pdf' });
      throw new Error('no file');
    },
  };
});
const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../../../api/exports.ts', async (original) => ({ ...(await original<typeof import('../../../api/exports.ts')>()), saveBlob }));

const route = { path: '/sqsp/sqsh', title: '申请审核', titleEn: 'Application review' } as AppRoute;

const row = (id: number, extra: Partial<ApprovalQueueRow> = {}): ApprovalQueueRow => ({
  id,
  type: 'studentLeave',
  status: 'pending',
  applicantName: `Parent ${id}`,
  subjectName: `Student ${id}`,
  className: 'Class 8-1',
  summary: `Sick leave ${id}`,
  step: 1,
  stepCount: 2,
  createdAt: '2026-11-24 08:20:00',
  myDecision: null,
  myComment: '',
  decidedAt: '',
  ...extra,
});

const WAITING = [row(1), row(2, { type: 'travel', applicantName: 'Teacher Li', subjectName: 'Teacher Li', className: '', summary: 'Beijing' }), row(3, { step: 2 })];
const DECIDED = [row(7, { status: 'rejected', myDecision: 'reject', myComment: 'No certificate', decidedAt: '2026-11-20 10:00:00' })];

const detail = (id: number, extra: Partial<ApplicationView> = {}): ApplicationView => ({
  id,
  type: 'studentLeave',
  status: 'pending',
  applicantName: 'Parent Zhang',
  studentId: 31,
  subjectName: 'Zhang Xiaoming',
  className: 'Class 8-1',
  leaveType: '1',
  leaveTypeName: 'Sick leave',
  startAt: '2026-11-25 08:00',
  endAt: '2026-11-26 17:00',
  duration: { days: 2, periods: 14 },
  reason: 'Fever',
  destination: '',
  follower: '',
  images: [{ id: 'img1', name: 'note.png', size: 2000, mimeType: 'image/png' }],
  cancelled: false,
  returnedAt: '',
  cancelNote: '',
  step: 2,
  stepCount: 2,
  createdAt: '2026-11-24 08:20:00',
  trail: [
    { step: 1, kind: 'classTeacher', approverNames: ['Teacher Wang'], decision: 'approve', deciderName: 'Teacher Wang', comment: 'Get well', decidedAt: '2026-11-24 09:00:00' },
    { step: 2, kind: 'divisionDirector', approverNames: ['Director Liu'], decision: null, deciderName: '', comment: '', decidedAt: '' },
  ],
  canWithdraw: false,
  canCancel: false,
  canDecide: true,
  details: {},
  termNames: [],
  certificate: null,
  ...extra,
});

const success = vi.fn();
const warning = vi.fn();
let decided = false;
beforeEach(() => {
  stub.reset();
  success.mockClear();
  warning.mockClear();
  decided = false;
  messages['/api/applications/review/decide'] = '1 approved';
  setFeedback({ message: { error: vi.fn(), success, warning, info: vi.fn() }, modal: {} } as unknown as Feedback);
  useSession.setState({ permissions: ['apply:review'], roles: [] });
  stub
    .on('/api/applications/review/page', (o) => {
      const view = ((o?.json as { search?: { view?: string } }).search?.view ?? 'waiting') as string;
      return view === 'decided' ? { total: DECIDED.length, rows: DECIDED } : { total: WAITING.length, rows: WAITING };
    })
    .on('/api/applications/review/get', (o) => {
      const id = (o?.json as { id: number }).id;
      return decided ? detail(id, { status: 'approved', canDecide: false }) : detail(id);
    })
    .on('/api/applications/review/decide', () => {
      decided = true;
      return { approved: 1, advanced: 0, rejected: 0 };
    });
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderPage(entry = '/sqsp/sqsh') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <ReviewPage route={route} />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function tick(id: number) {
  const tr = document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
  fireEvent.click(tr.querySelector('input[type=checkbox]') as HTMLInputElement);
}

describe('ReviewPage', () => {
  it('lists what waits for the approver, searches by type and keyword, and shows past decisions in the second tab', async () => {
    renderPage();
    await screen.findByText('Sick leave 1');
    expect(screen.getByText('申请审核')).toBeInTheDocument();
    expect(stub.bodies('/api/applications/review/page')[0]).toMatchObject({ currPage: 0, search: { view: 'waiting', type: '', keyword: '' } });
    expect(screen.getByTestId('review-open-2')).toHaveTextContent('外出');
    expect(screen.getAllByText('第1/2步')).toHaveLength(2);
    expect(screen.getByText('第2/2步')).toBeInTheDocument();
    expect(screen.getByTestId('review-approve-1')).toBeInTheDocument();
    expect(screen.getByTestId('review-batch-approve')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('review-search-keyword'), { target: { value: ' Zhang ' } });
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(stub.bodies('/api/applications/review/page').at(-1)).toMatchObject({ search: { view: 'waiting', keyword: 'Zhang' } }));

    fireEvent.click(screen.getByTestId('review-tab-decided'));
    await screen.findByText('No certificate');
    expect(stub.bodies('/api/applications/review/page').at(-1)).toMatchObject({ currPage: 0, search: { view: 'decided', keyword: '' } });
    const mine = screen.getByTestId('review-mine-7');
    expect(mine).toHaveTextContent('未通过');
    expect(mine).toHaveTextContent('2026-11-20 10:00');
    // Decided before: nothing left to decide.
    expect(screen.queryByTestId('review-approve-7')).toBeNull();
    expect(screen.queryByTestId('review-batch-approve')).toBeNull();
  });

  it('approves one application with an optional comment and shows what the server did', async () => {
    renderPage();
    await screen.findByText('Sick leave 1');
    const pages = stub.calls('/api/applications/review/page').length;
    fireEvent.click(screen.getByTestId('review-approve-1'));
    const dialog = await screen.findByTestId('review-decision');
    expect(within(dialog).getByTestId('review-decision-names')).toHaveTextContent('Student 1');
    fireEvent.click(screen.getByTestId('review-decision-ok'));
    await waitFor(() => expect(stub.bodies('/api/applications/review/decide')).toEqual([{ ids: [1], decision: 'approve', comment: '' }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('1 approved'));
    await waitFor(() => expect(stub.calls('/api/applications/review/page').length).toBeGreaterThan(pages));
  });

  it('rejects the ticked applications at once, only with a reason', async () => {
    messages['/api/applications/review/decide'] = '2 rejected';
    renderPage();
    await screen.findByText('Sick leave 1');
    fireEvent.click(screen.getByTestId('review-batch-reject'));
    expect(warning).toHaveBeenCalledWith('请先选择数据');
    expect(screen.queryByTestId('review-decision')).toBeNull();

    tick(1);
    tick(3);
    fireEvent.click(screen.getByTestId('review-batch-reject'));
    const dialog = await screen.findByTestId('review-decision');
    expect(within(dialog).getByTestId('review-decision-names')).toHaveAttribute('data-count', '2');
    fireEvent.click(screen.getByTestId('review-decision-ok'));
    await within(dialog).findByText('请填写不通过的理由');
    expect(stub.calls('/api/applications/review/decide')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('review-decision-comment'), { target: { value: ' Exams this week ' } });
    fireEvent.click(screen.getByTestId('review-decision-ok'));
    await waitFor(() => expect(stub.bodies('/api/applications/review/decide')).toEqual([{ ids: [1, 3], decision: 'reject', comment: 'Exams this week' }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('2 rejected'));
  });

  it('keeps everything as it was when the server refuses (e.g. one’s own application)', async () => {
    stub.on('/api/applications/review/decide', () => {
      throw new Error('You cannot audit yourself');
    });
    renderPage();
    await screen.findByText('Beijing');
    const pages = stub.calls('/api/applications/review/page').length;
    fireEvent.click(screen.getByTestId('review-approve-2'));
    await screen.findByTestId('review-decision');
    fireEvent.click(screen.getByTestId('review-decision-ok'));
    await waitFor(() => expect(stub.calls('/api/applications/review/decide')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(success).not.toHaveBeenCalled();
    expect(screen.getByTestId('review-decision')).toBeInTheDocument();
    expect(stub.calls('/api/applications/review/page')).toHaveLength(pages);
  });

  it("opens a message link's application with all its fields and trail, and decides it there", async () => {
    renderPage('/sqsp/sqsh?id=5');
    const view = await screen.findByTestId('review-detail');
    expect(view).toHaveAttribute('data-id', '5');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/sqsp\/sqsh$/));
    for (const text of ['学生请假', 'Parent Zhang', 'Zhang Xiaoming', 'Class 8-1', 'Sick leave', 'Fever']) expect(within(view).getAllByText(text).length).toBeGreaterThan(0);
    expect(view).toHaveTextContent('2026-11-25 08:00');
    expect(view).toHaveTextContent('2026-11-26 17:00');
    expect(view).toHaveTextContent('2 个上课日，14 节课');
    expect(await within(view).findByTitle('note.png')).toBeInTheDocument();
    const trail = within(view).getByTestId('approval-trail');
    expect(trail).toHaveAttribute('data-count', '2');
    expect(trail).toHaveTextContent('Get well');
    expect(trail).toHaveTextContent('Director Liu');

    fireEvent.click(screen.getByTestId('review-detail-approve'));
    await screen.findByTestId('review-decision');
    fireEvent.click(screen.getByTestId('review-decision-ok'));
    await waitFor(() => expect(stub.bodies('/api/applications/review/decide')).toEqual([{ ids: [5], decision: 'approve', comment: '' }]));
    // The detail reads the application again: decided, so no buttons are left.
    await waitFor(() => expect(screen.queryByTestId('review-detail-approve')).toBeNull());
    expect(within(screen.getByTestId('review-detail')).getByTestId('application-status')).toHaveTextContent('已通过');
  });

  it("shows a day-school application's dates, address, guardian and transport to its approver", async () => {
    stub.on('/api/applications/review/get', () =>
      detail(6, {
        type: 'daySchool',
        leaveType: '',
        leaveTypeName: '',
        startAt: '2026-12-01 00:00',
        endAt: '2027-01-15 23:59',
        duration: null,
        reason: 'Moved near the school',
        images: [],
        details: { startDate: '2026-12-01', endDate: '2027-01-15', address: 'No. 8 Garden Road', guardian: 'Zhang Wei (father)', guardianPhone: '13800138000', transport: 'bus' },
      }),
    );
    renderPage('/sqsp/sqsh?id=6');
    const view = await screen.findByTestId('review-detail');
    expect(within(view).getByTestId('review-fact-type')).toHaveTextContent('走读');
    expect(within(view).getByTestId('review-fact-dates')).toHaveTextContent('2026-12-01 至 2027-01-15');
    expect(within(view).queryByTestId('review-fact-time')).toBeNull();
    expect(within(view).getByTestId('review-fact-address')).toHaveTextContent('No. 8 Garden Road');
    expect(within(view).getByTestId('review-fact-guardian')).toHaveTextContent('Zhang Wei (father) · 13800138000');
    expect(within(view).getByTestId('review-fact-transport')).toHaveTextContent('乘公交车');
    expect(within(view).getByTestId('review-fact-reason')).toHaveTextContent('Moved near the school');
    expect(within(view).getByTestId('certificate-pending')).toBeInTheDocument();
    expect(within(view).queryByText('图片')).toBeNull();
    expect(screen.getByTestId('review-detail-approve')).toBeInTheDocument();
  });

  it("shows a grade certificate's purpose, English page and terms, and downloads it once approved", async () => {
    saveBlob.mockClear();
    stub.on('/api/applications/review/get', () =>
      detail(8, {
        type: 'gradeCertificate',
        status: 'approved',
        canDecide: false,
        leaveType: '',
        leaveTypeName: '',
        startAt: '',
        endAt: '',
        duration: null,
        reason: '',
        images: [],
        details: { purpose: 'Visa application', english: true, termIds: [2, 3] },
        termNames: ['2025-2026 second term', '2026-2027 first term'],
        certificate: { serialNumber: 'CJ2026000008', issuedAt: '2026-11-26 09:30:00', verifyPath: '/verify/xyz', revokedAt: '', revokeReason: '' },
      }),
    );
    renderPage('/sqsp/sqsh?id=8');
    const view = await screen.findByTestId('review-detail');
    expect(within(view).getByTestId('review-fact-type')).toHaveTextContent('成绩证明');
    expect(within(view).getByTestId('review-fact-purpose')).toHaveTextContent('Visa application');
    expect(within(view).getByTestId('review-fact-english')).toHaveTextContent('是');
    expect(within(view).getByTestId('review-fact-terms')).toHaveTextContent('2025-2026 second term2026-2027 first term');
    expect(within(view).queryByTestId('review-fact-time')).toBeNull();
    expect(within(view).getByTestId('certificate-serial')).toHaveTextContent('CJ2026000008');
    expect(within(view).getByTestId('certificate-verify-link')).toHaveAttribute('href', '/verify/xyz');
    fireEvent.click(within(view).getByTestId('certificate-download-8'));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'CJ2026000008.pdf'));
    expect(screen.queryByTestId('review-detail-approve')).toBeNull();
  });

  it("shows a roll change's kind, classes, date and other school to its approver", async () => {
    stub.on('/api/applications/review/get', (o) =>
      detail((o?.json as { id: number }).id, {
        type: 'rollChange',
        applicantName: 'Teacher Wang',
        leaveType: '',
        leaveTypeName: '',
        startAt: '2026-12-01 00:00',
        endAt: '',
        duration: null,
        reason: 'Family moves to Hangzhou',
        images: [],
        details: { changeKind: 'transferOut', fromClassId: 5, fromClassName: 'Class 8-1', toClassId: null, toClassName: '', effectiveDate: '2026-12-01', school: 'Hangzhou No. 2 Middle School' },
      }),
    );
    renderPage('/sqsp/sqsh?id=4');
    const view = await screen.findByTestId('review-detail');
    expect(within(view).getByTestId('review-fact-rollKind')).toHaveTextContent('转出');
    expect(within(view).getByTestId('review-fact-rollClasses')).toHaveTextContent('Class 8-1 →');
    expect(within(view).getByTestId('review-fact-rollDate')).toHaveTextContent('2026-12-01');
    expect(within(view).getByTestId('review-fact-rollSchool')).toHaveTextContent('Hangzhou No. 2 Middle School');
    // A roll change has a date, not a leave's time span.
    expect(within(view).queryByTestId('review-fact-time')).toBeNull();
    expect(within(view).getByTestId('review-fact-reason')).toHaveTextContent('Family moves to Hangzhou');
  });

  it('on a phone lists each application as a card with its buttons, and a card button decides and reloads the list', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => {
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const matches = (!min || 390 >= Number(min[1])) && (!max || 390 <= Number(max[1]));
      return { matches, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false };
    }) as typeof window.matchMedia;
    try {
      renderPage();
      const card = await screen.findByTestId('review-card-1');
      expect(within(card).getByText('Sick leave 1')).toBeInTheDocument();
      expect(within(card).getByText('Student 1')).toBeInTheDocument();
      expect(within(card).getByText('第1/2步')).toBeInTheDocument();
      // No separate operation column: the buttons are in the card.
      expect(screen.queryByText('操作')).toBeNull();
      const loads = stub.bodies('/api/applications/review/page').length;
      fireEvent.click(within(card).getByTestId('review-approve-1'));
      await screen.findByTestId('review-decision');
      fireEvent.click(screen.getByTestId('review-decision-ok'));
      await waitFor(() => expect(stub.bodies('/api/applications/review/decide')).toEqual([{ ids: [1], decision: 'approve', comment: '' }]));
      await waitFor(() => expect(stub.bodies('/api/applications/review/page').length).toBeGreaterThan(loads));
    } finally {
      window.matchMedia = original;
    }
  });
});
