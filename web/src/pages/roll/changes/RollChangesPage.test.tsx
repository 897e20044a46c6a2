import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ApplicationView, RollChangeRow, RollClassOption, RollStudentOption } from '@campus/contract';
import { schoolDateOf } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import RollChangesPage from './RollChangesPage.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });
// The stub's envelope carries the server's msg for the writes, as the real client would.
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const messages: Record<string, string> = { create: 'Sent for approval', withdraw: 'Withdrawn' };
  return {
    ...clientModule,
    ERROR_DURATION_SECONDS: 5,
    isAbort: (error: unknown) => error instanceof DOMException && error.name === 'AbortError',
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: messages[path.split('/').at(-1) ?? ''] ?? '', data: await calls.call(path, options) }),
    upload: (path: string, parts: { fields?: Record<string, string>; files: File[] }) => calls.call(path, { form: { purpose: parts.fields?.purpose ?? '', name: parts.files[0]?.name ?? '' } }),
    download: () => Promise.resolve(new Blob()),
  };
});

const route = { path: '/xjgl/xjyd', title: '学籍异动管理', titleEn: 'School roll changes' } as AppRoute;

const row = (id: number, extra: Partial<RollChangeRow> = {}): RollChangeRow => ({
  id,
  studentId: 41,
  studentName: 'Li Lei',
  studentNumber: '201911041',
  kind: 'transferOut',
  fromClassName: 'Class 8-1',
  toClassName: '',
  effectiveDate: '2026-12-01',
  school: 'No. 2 Middle School',
  reason: `Moving house ${id}`,
  status: 'pending',
  effect: 'waiting',
  effectedAt: '',
  applicantName: 'Teacher Wang',
  createdAt: '2026-11-24 20:00:00',
  step: 1,
  stepCount: 2,
  canWithdraw: true,
  ...extra,
});

const view = (id: number, extra: Partial<ApplicationView> = {}): ApplicationView => ({
  id,
  type: 'rollChange',
  status: 'pending',
  applicantName: 'Teacher Wang',
  studentId: 41,
  subjectName: 'Li Lei',
  className: 'Class 8-1',
  leaveType: '',
  leaveTypeName: '',
  startAt: '2026-12-01 00:00',
  endAt: '',
  duration: null,
  reason: `Moving house ${id}`,
  destination: '',
  follower: '',
  images: [{ id: 'img9', name: 'letter.jpg', size: 2000, mimeType: 'image/jpeg' }],
  cancelled: false,
  returnedAt: '',
  cancelNote: '',
  step: 2,
  stepCount: 2,
  createdAt: '2026-11-24 20:00:00',
  trail: [
    { step: 1, kind: 'divisionDirector', approverNames: [], decision: 'approve', deciderName: 'Director Li', comment: 'Fine', decidedAt: '2026-11-24 21:00:00' },
    { step: 2, kind: 'academicOffice', approverNames: ['Office Zhao'], decision: null, deciderName: '', comment: '', decidedAt: '' },
  ],
  canWithdraw: true,
  canCancel: false,
  canDecide: false,
  details: { changeKind: 'transferOut', fromClassId: 5, fromClassName: 'Class 8-1', toClassId: null, toClassName: '', effectiveDate: '2026-12-01', school: 'No. 2 Middle School' },
  termNames: [],
  certificate: null,
  ...extra,
});

const STUDENTS: RollStudentOption[] = [
  { id: 41, name: 'Li Lei', studentNumber: '201911041', classId: 5, className: 'Class 8-1', enrolmentStatus: '1', inSchoolStatus: '1' },
  { id: 42, name: 'Han Meimei', studentNumber: '201911042', classId: null, className: '', enrolmentStatus: '2', inSchoolStatus: '2' },
];
const CLASSES: RollClassOption[] = [
  { id: 5, name: 'Class 8-1', gradeName: 'Grade 8', size: 40, capacity: 50 },
  { id: 6, name: 'Class 8-2', gradeName: 'Grade 8', size: 50, capacity: 50 },
  { id: 7, name: 'Class 8-3', gradeName: 'Grade 8', size: 38, capacity: 50 },
];
const DICTS: Record<string, { code: string; name: string }[]> = {
  STD_ENROLMENT_STATUS: [
    { code: '1', name: 'Enrolled' },
    { code: '2', name: 'Suspended' },
    { code: '3', name: 'Transferred out' },
  ],
  STD_IN_SCHOOL_STATUS: [
    { code: '1', name: 'In school' },
    { code: '2', name: 'Left school' },
  ],
};

const success = vi.fn();
let views: Record<number, ApplicationView>;

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  setFeedback({ message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() }, modal: {} } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  views = {};
  stub
    .on('/api/roll/changes/page', () => ({
      total: 2,
      rows: [
        row(1),
        row(2, { studentId: 42, studentName: 'Han Meimei', studentNumber: '201911042', kind: 'resume', fromClassName: '', toClassName: 'Class 8-3', school: '', status: 'approved', effect: 'effective', effectedAt: '2026-11-20 00:10:00', canWithdraw: false, step: 2 }),
      ],
    }))
    .on('/api/roll/changes/get', (o) => {
      const id = (o?.json as { id: number }).id;
      return views[id] ?? view(id);
    })
    .on('/api/roll/changes/history', () => [row(3, { kind: 'suspend', effectiveDate: '2026-03-01', status: 'approved', effect: 'effective', canWithdraw: false, school: '' }), row(5)])
    .on('/api/roll/changes/students', (o) => {
      const keyword = (o?.json as { keyword: string }).keyword;
      return STUDENTS.filter((student) => !keyword || student.name.includes(keyword) || student.studentNumber.includes(keyword));
    })
    .on('/api/roll/changes/classes', () => CLASSES)
    .on('/api/roll/changes/withdraw', () => null)
    .on('/api/roll/changes/create', () => ({ id: 9 }))
    .on('/dicts', (o) => {
      const name = (o?.form as { typeArr: string }).typeArr;
      return { [name]: DICTS[name] ?? [] };
    })
    .on('/api/files/upload', (o) => [{ RESID: 'img1', name: (o?.form as { name: string }).name, size: 8, mimeType: 'image/jpeg', url: '/file/download/img1' }]);
});
afterEach(async () => {
  await act(() => i18n.changeLanguage('zh'));
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderPage(entry = '/xjgl/xjyd') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <RollChangesPage route={route} />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const pageBodies = () => stub.bodies('/api/roll/changes/page') as { search: Record<string, unknown> }[];

async function pick(testId: string, option: RegExp | string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) =>
      typeof option === 'string' ? el.textContent === option : option.test(el.textContent ?? ''),
    );
    if (!found) throw new Error(`no option ${String(option)}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

/** The options of the open select, with whether each is disabled. */
const openOptions = () =>
  [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((el) => ({
    text: el.textContent,
    disabled: el.classList.contains('ant-select-item-option-disabled'),
  }));

/** The OK button of the open confirmation. */
const confirmButton = () =>
  waitFor(() => {
    const button = document.querySelector('.ant-popconfirm-buttons .ant-btn-primary');
    if (!button) throw new Error('no confirmation');
    return button as HTMLElement;
  });

describe('RollChangesPage', () => {
  it('lists the changes with kind, classes, approval with its step, effect and filer, and filters them', async () => {
    renderPage();
    await screen.findByText('Han Meimei');
    expect(pageBodies()[0]).toMatchObject({ currPage: 0, limit: 10, search: { keyword: '', kind: '', status: '', effect: '', classId: '' } });
    const table = screen.getByTestId('roll-table');
    const rows = table.querySelectorAll('tbody tr.ant-table-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('201911041')).toBeInTheDocument();
    expect(first.getByTestId('roll-kind')).toHaveTextContent('转出');
    expect(first.getByTestId('roll-move')).toHaveTextContent('Class 8-1');
    expect(first.getByTestId('roll-move')).toHaveTextContent('无');
    expect(first.getByText('2026-12-01')).toBeInTheDocument();
    expect(first.getByText('No. 2 Middle School')).toBeInTheDocument();
    expect(first.getByTestId('roll-status')).toHaveTextContent('待审批');
    expect(first.getByTestId('roll-progress')).toHaveTextContent('第1/2步');
    expect(first.getByTestId('roll-effect')).toHaveTextContent('待生效');
    expect(first.getByText('Teacher Wang')).toBeInTheDocument();
    expect(first.getByText('2026-11-24 20:00')).toBeInTheDocument();
    expect(first.getByTestId('roll-withdraw-1')).toBeInTheDocument();
    const second = within(rows[1] as HTMLElement);
    expect(second.getByTestId('roll-kind')).toHaveTextContent('复学');
    expect(second.getByTestId('roll-status')).toHaveTextContent('已通过');
    expect(second.queryByTestId('roll-progress')).toBeNull();
    expect(second.getByTestId('roll-effect')).toHaveTextContent('已生效');
    expect(second.queryByTestId('roll-withdraw-2')).toBeNull();

    fireEvent.change(screen.getByTestId('roll-search-keyword'), { target: { value: ' Li ' } });
    await pick('roll-search-kind', '转出');
    await pick('roll-search-status', '待审批');
    await pick('roll-search-effect', '待生效');
    await pick('roll-search-class', 'Class 8-1');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询|search/i }));
    await waitFor(() => expect(pageBodies().at(-1)?.search).toEqual({ keyword: 'Li', kind: 'transferOut', status: 'pending', effect: 'waiting', classId: 5 }));
  });

  it('refuses a change without its fields, the class of an insert and the school of a transfer, then files it with the right body', async () => {
    renderPage();
    await screen.findByText('Han Meimei');
    fireEvent.click(screen.getByTestId('roll-new'));
    const dialog = await screen.findByTestId('roll-dialog');
    fireEvent.click(screen.getByTestId('roll-dialog-ok'));
    expect(await within(dialog).findByText('请选择学生')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择异动类型')).toBeInTheDocument();
    expect(within(dialog).getByText('请填写异动原因')).toBeInTheDocument();
    expect(stub.calls('/api/roll/changes/create')).toHaveLength(0);

    // The student with their class and statuses.
    await pick('roll-form-student', /Li Lei/);
    const facts = await within(dialog).findByTestId('roll-form-student-facts');
    expect(facts).toHaveTextContent('Class 8-1');
    await waitFor(() => expect(within(facts).getByTestId('roll-form-enrolment')).toHaveTextContent('Enrolled'));
    expect(within(facts).getByTestId('roll-form-in-school')).toHaveTextContent('In school');

    // Insert into class: the class is required; full classes and the student's own cannot be chosen.
    fireEvent.click(within(dialog).getByTestId('roll-form-kind-insertClass'));
    await within(dialog).findByTestId('roll-form-class');
    fireEvent.change(screen.getByTestId('roll-form-reason'), { target: { value: 'Back from abroad' } });
    fireEvent.click(screen.getByTestId('roll-dialog-ok'));
    expect(await within(dialog).findByText('请选择转入的班级')).toBeInTheDocument();
    expect(stub.calls('/api/roll/changes/create')).toHaveLength(0);
    fireEvent.mouseDown(within(screen.getByTestId('roll-form-class').closest('.ant-select') as HTMLElement).getByRole('combobox'));
    await waitFor(() => expect(openOptions()).toHaveLength(3));
    expect(openOptions()).toEqual([
      { text: 'Class 8-1 (40/50)', disabled: true },
      { text: 'Class 8-2 (50/50)', disabled: true },
      { text: 'Class 8-3 (38/50)', disabled: false },
    ]);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    // Transfer out: the destination school is required; the class goes away.
    fireEvent.click(within(dialog).getByTestId('roll-form-kind-transferOut'));
    await waitFor(() => expect(screen.queryByTestId('roll-form-class')).toBeNull());
    await within(dialog).findByTestId('roll-form-school');
    fireEvent.click(screen.getByTestId('roll-dialog-ok'));
    expect(await within(dialog).findByText('请填写转入学校')).toBeInTheDocument();
    expect(stub.calls('/api/roll/changes/create')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('roll-form-school'), { target: { value: ' No. 2 Middle School ' } });
    const photo = screen.getByTestId('roll-form-photo').querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(photo, { target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'letter.jpg', { type: 'image/jpeg' })] } });
    await within(dialog).findByText('letter.jpg');
    const loads = pageBodies().length;
    fireEvent.click(screen.getByTestId('roll-dialog-ok'));
    await waitFor(() =>
      expect(stub.bodies('/api/roll/changes/create')).toEqual([
        { studentId: 41, kind: 'transferOut', toClassId: null, effectiveDate: schoolDateOf(), reason: 'Back from abroad', school: 'No. 2 Middle School', images: ['img1'] },
      ]),
    );
    expect(stub.bodies('/api/files/upload')[0]).toMatchObject({ purpose: 'rollPhoto' });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Sent for approval'));
    await waitFor(() => expect(pageBodies().length).toBeGreaterThan(loads));
  });

  it('files a resume into the chosen class, and tells that a suspended student cannot be suspended again', async () => {
    renderPage();
    await screen.findByText('Han Meimei');
    fireEvent.click(screen.getByTestId('roll-new'));
    const dialog = await screen.findByTestId('roll-dialog');
    await pick('roll-form-student', /Han Meimei/);
    await waitFor(() => expect(within(dialog).getByTestId('roll-form-enrolment')).toHaveTextContent('Suspended'));
    fireEvent.click(within(dialog).getByTestId('roll-form-kind-suspend'));
    fireEvent.click(screen.getByTestId('roll-dialog-ok'));
    expect(await within(dialog).findByText('Han Meimei不是在籍在校学生，不能办理该异动')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByTestId('roll-form-kind-resume'));
    await within(dialog).findByTestId('roll-form-class');
    await pick('roll-form-class', 'Class 8-3 (38/50)');
    fireEvent.change(screen.getByTestId('roll-form-reason'), { target: { value: 'Recovered' } });
    fireEvent.click(screen.getByTestId('roll-dialog-ok'));
    await waitFor(() =>
      expect(stub.bodies('/api/roll/changes/create')).toEqual([{ studentId: 42, kind: 'resume', toClassId: 7, effectiveDate: schoolDateOf(), reason: 'Recovered', school: '', images: [] }]),
    );
  });

  it('opens the change of a message link with its fields, photo, trail, effect and history, and withdraws it', async () => {
    renderPage('/xjgl/xjyd?id=5');
    const panel = await screen.findByTestId('roll-detail');
    expect(panel).toHaveAttribute('data-id', '5');
    expect(stub.bodies('/api/roll/changes/get')[0]).toEqual({ id: 5 });
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/xjgl\/xjyd$/));
    expect(within(panel).getByTestId('roll-fact-kind')).toHaveTextContent('转出');
    expect(within(panel).getByTestId('roll-fact-classes')).toHaveTextContent('Class 8-1');
    expect(within(panel).getByTestId('roll-fact-effectiveDate')).toHaveTextContent('2026-12-01');
    expect(within(panel).getByTestId('roll-fact-school')).toHaveTextContent('No. 2 Middle School');
    expect(screen.getAllByText('转入学校').length).toBeGreaterThan(0);
    expect(within(panel).getByTestId('roll-fact-reason')).toHaveTextContent('Moving house 5');
    expect(within(panel).getByTestId('roll-fact-status')).toHaveTextContent('第2/2步');
    expect(within(panel).getByTestId('roll-fact-applicant')).toHaveTextContent('Teacher Wang');
    expect(within(panel).getByTestId('roll-photos')).toBeInTheDocument();
    expect(within(panel).getAllByTestId('approval-trail-entry')).toHaveLength(2);
    expect(within(panel).getByTestId('approval-trail')).toHaveTextContent('Director Li');
    expect(within(panel).getByTestId('approval-trail')).toHaveTextContent('Office Zhao');
    // The effect and the student's number come with the student's history.
    await waitFor(() => expect(within(panel).getByTestId('roll-fact-effect')).toHaveTextContent('待生效'));
    expect(within(panel).getByTestId('roll-fact-student')).toHaveTextContent('Li Lei · 201911041');
    expect(stub.bodies('/api/roll/changes/history')[0]).toEqual({ id: 41 });
    expect(within(panel).getAllByTestId('roll-history-entry')).toHaveLength(2);

    fireEvent.click(screen.getByTestId('roll-detail-withdraw'));
    fireEvent.click(await confirmButton());
    await waitFor(() => expect(stub.bodies('/api/roll/changes/withdraw')).toEqual([{ id: 5 }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Withdrawn'));
    await waitFor(() => expect(stub.calls('/api/roll/changes/get').length).toBeGreaterThan(1));
  });

  it('has no withdraw for a change that is not pending or not the caller’s', async () => {
    views[2] = view(2, { status: 'approved', canWithdraw: false, trail: [] });
    renderPage('/xjgl/xjyd?id=2');
    const panel = await screen.findByTestId('roll-detail');
    expect(within(panel).getByTestId('roll-fact-status')).toHaveTextContent('已通过');
    expect(screen.queryByTestId('roll-detail-withdraw')).toBeNull();
  });

  it('shows the row of a change the caller may list but not read (a student coming into their class), without trail or photo', async () => {
    stub.on('/api/roll/changes/get', () => {
      throw new Error('Data does not exist');
    });
    renderPage();
    await screen.findByText('Han Meimei');
    fireEvent.click(screen.getByTestId('roll-view-2'));
    const panel = await screen.findByTestId('roll-detail');
    expect(panel).toHaveAttribute('data-id', '2');
    // Asked quietly: the panel tells, not an error toast.
    expect(stub.calls('/api/roll/changes/get')[0].options).toMatchObject({ json: { id: 2 }, silent: true });
    expect(within(panel).getByTestId('roll-fact-student')).toHaveTextContent('Han Meimei · 201911042');
    expect(within(panel).getByTestId('roll-fact-kind')).toHaveTextContent('复学');
    expect(within(panel).getByTestId('roll-fact-classes')).toHaveTextContent('Class 8-3');
    expect(within(panel).getByTestId('roll-fact-effect')).toHaveTextContent('已生效');
    expect(within(panel).getByTestId('roll-fact-effect')).toHaveTextContent('2026-11-20 00:10');
    expect(within(panel).getByTestId('roll-detail-row-only')).toBeInTheDocument();
    expect(within(panel).queryByTestId('approval-trail')).toBeNull();
    expect(screen.queryByTestId('roll-detail-withdraw')).toBeNull();
  });

  it("shows a student's history as a timeline, each change opening its detail", async () => {
    renderPage();
    await screen.findByText('Han Meimei');
    fireEvent.click(screen.getByTestId('roll-history-1'));
    const history = await screen.findByTestId('roll-history');
    expect(stub.bodies('/api/roll/changes/history')).toEqual([{ id: 41 }]);
    expect(screen.getByText('Li Lei（201911041）的学籍异动记录')).toBeInTheDocument();
    const entries = within(history).getAllByTestId('roll-history-entry');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('2026-03-01');
    expect(entries[0]).toHaveTextContent('休学');
    expect(entries[0]).toHaveTextContent('已生效');
    fireEvent.click(within(history).getByTestId('roll-history-open-5'));
    expect(await screen.findByTestId('roll-detail')).toHaveAttribute('data-id', '5');
  });

  it('shows no Chinese in English apart from the data', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderPage('/xjgl/xjyd?id=5');
    await screen.findByText('Han Meimei');
    await screen.findByTestId('roll-detail');
    await waitFor(() => expect(screen.getByTestId('roll-fact-effect')).toHaveTextContent('Waiting'));
    fireEvent.click(screen.getByTestId('roll-new'));
    await screen.findByTestId('roll-dialog');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
