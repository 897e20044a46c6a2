import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { studentGroupFormSchema, type AwardStudent, type StudentGroupDetail, type StudentGroupRow } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import StudentGroupsPage, { groupBody, groupIssue } from './StudentGroupsPage.tsx';
import { addMembers } from './MemberPicker.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError: Refusal, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const { feedback: shown } = await import('../../../app/feedback.ts');
  const wrap = async (path: string, options?: { json?: unknown; silent?: boolean }) => {
    try {
      return await calls.call(path, options);
    } catch (error) {
      if (error instanceof Refusal && !options?.silent) shown().message.error(error.message);
      throw error;
    }
  };
  return {
    ...clientModule,
    ERROR_DURATION_SECONDS: 5,
    isAbort: (error: unknown) => error instanceof Error && error.name === 'AbortError',
    call: wrap,
    request: async (path: string, options?: { json?: unknown; silent?: boolean }) => {
      const data = await wrap(path, options);
      return { result: true, code: 200, msg: path.endsWith('/save') ? 'Top students is saved with 2 students' : '', data };
    },
  };
});

const route = { path: '/cjfxNew/zdyqtgl', title: 'zdyqtgl', titleEn: 'Custom student groups' } as AppRoute;
const PAGE = '/api/scores/groups/page';
const GET = '/api/scores/groups/get';
const SAVE = '/api/scores/groups/save';
const DELETE = '/api/scores/groups/delete';
const STUDENTS = '/api/scores/groups/students';

const MINE: StudentGroupRow = {
  id: 1,
  name: 'Top students',
  remarks: 'The best ten of the grade',
  shared: true,
  ownerName: 'Teacher Wang',
  mine: true,
  memberCount: 2,
  classNames: ['Class 10-1', 'Class 10-3'],
  updatedAt: '2026-11-20 10:00',
};
const OTHERS: StudentGroupRow = {
  id: 2,
  name: 'Art students',
  remarks: '',
  shared: true,
  ownerName: 'Teacher Li',
  mine: false,
  memberCount: 5,
  classNames: ['Class 10-2'],
  updatedAt: '2026-11-18 08:30',
};
const DETAIL: StudentGroupDetail = {
  ...MINE,
  members: [
    { id: 101, name: 'Li Lei', studentNumber: '201911001', className: 'Class 10-1' },
    { id: 103, name: 'Lin Tao', studentNumber: '201911003', className: 'Class 10-3' },
  ],
};
const STUDENT_ROWS: AwardStudent[] = [
  { id: 101, name: 'Li Lei', studentNumber: '201911001', className: 'Class 10-1' },
  { id: 102, name: 'Han Meimei', studentNumber: '201911002', className: 'Class 10-1' },
  { id: 104, name: 'Jim Green', studentNumber: '201911004', className: 'Class 10-2' },
];

const success = vi.fn();
const error = vi.fn();

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  error.mockClear();
  setFeedback({ message: { error, success, warning: vi.fn(), info: vi.fn() }, modal: { confirm: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  stub
    .on(PAGE, () => ({ total: 2, rows: [MINE, OTHERS] }))
    .on(GET, (options) => ((options?.json as { id: number }).id === 1 ? DETAIL : { ...OTHERS, members: [{ id: 104, name: 'Jim Green', studentNumber: '201911004', className: 'Class 10-2' }] }))
    .on(STUDENTS, (options) => {
      const keyword = ((options?.json as { search: { keyword: string } }).search.keyword ?? '').toLowerCase();
      return { total: 3, rows: STUDENT_ROWS.filter((row) => !keyword || row.name.toLowerCase().includes(keyword) || row.studentNumber.includes(keyword)) };
    })
    .on(SAVE, () => ({ id: 7 }))
    .on(DELETE, () => null);
});

const grant = (...permissions: string[]) => useSession.setState({ permissions, roles: [] });
const ALL = ['score:groups', 'score:groups:edit', 'score:groups:delete'];

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <StudentGroupsPage route={route} />
    </QueryClientProvider>,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** Types into the member search and picks the option that starts with `name`. */
async function addStudent(keyword: string, name: string) {
  const select = screen.getByTestId('group-member-search').closest('.ant-select') as HTMLElement;
  const box = within(select).getByRole('combobox');
  fireEvent.mouseDown(box);
  fireEvent.change(box, { target: { value: keyword } });
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) => el.textContent?.startsWith(name));
    if (!found) throw new Error(`no option ${name}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

/** Types into the member search without picking. */
function searchStudents(keyword: string) {
  const box = within(screen.getByTestId('group-member-search').closest('.ant-select') as HTMLElement).getByRole('combobox');
  fireEvent.mouseDown(box);
  fireEvent.change(box, { target: { value: keyword } });
}

const memberNames = () => [...screen.getByTestId('group-member-list').querySelectorAll('tbody tr.ant-table-row')].map((row) => row.querySelector('td')?.textContent);

describe('StudentGroupsPage', () => {
  it('lists the groups; only the own group can be modified or deleted; searches by keyword and only mine', async () => {
    grant(...ALL);
    renderPage();
    expect(await screen.findByText('Top students')).toBeInTheDocument();
    expect(stub.bodies(PAGE)[0]).toMatchObject({ currPage: 0, search: {} });
    expect(screen.getByText('The best ten of the grade')).toBeInTheDocument();
    expect(screen.getByText('Class 10-1、Class 10-3')).toBeInTheDocument();
    expect(screen.getByText('Teacher Li')).toBeInTheDocument();
    expect(screen.getByTestId('group-mine-1')).toBeInTheDocument();
    expect(screen.queryByTestId('group-mine-2')).toBeNull();
    // The own group: view, modify, delete; a colleague's shared group: view only.
    expect(screen.getByTestId('group-edit-1')).toBeInTheDocument();
    expect(screen.getByTestId('group-delete-1')).toBeInTheDocument();
    expect(screen.getByTestId('group-view-2')).toBeInTheDocument();
    expect(screen.queryByTestId('group-edit-2')).toBeNull();
    expect(screen.queryByTestId('group-delete-2')).toBeNull();
    expect(screen.getByTestId('manage-add')).toBeInTheDocument();

    type('group-search-keyword', ' Top ');
    fireEvent.click(screen.getByTestId('group-search-mine'));
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(stub.bodies(PAGE).at(-1)).toMatchObject({ currPage: 0, search: { keyword: 'Top', mine: true } }));
  });

  it('shows no add, modify or delete without the buttons, even on an own group', async () => {
    grant('score:groups');
    renderPage();
    await screen.findByText('Top students');
    expect(screen.queryByTestId('manage-add')).toBeNull();
    expect(screen.queryByTestId('group-edit-1')).toBeNull();
    expect(screen.queryByTestId('group-delete-1')).toBeNull();
    // Viewing a colleague's group shows its students.
    fireEvent.click(screen.getByTestId('group-view-2'));
    const view = await screen.findByTestId('group-view');
    expect(within(view).getByText('Jim Green')).toBeInTheDocument();
    expect(within(view).getByTestId('group-view-count')).toHaveTextContent(i18n.t('groupsPage.memberCount', { count: 1 }));
    expect(stub.bodies(GET)).toEqual([{ id: 2 }]);
  });

  it('adds a group: refuses a missing name and no students, then sends the students picked as studentIds', async () => {
    grant(...ALL);
    renderPage();
    await screen.findByText('Top students');
    fireEvent.click(screen.getByTestId('manage-add'));
    const dialog = await screen.findByTestId('group-dialog');
    fireEvent.click(screen.getByTestId('group-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('common.nameRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('studentGroup.membersRequired'))).toBeInTheDocument();
    expect(stub.calls(SAVE)).toHaveLength(0);

    type('group-form-name', '  Borderline  ');
    type('group-form-remarks', 'Close to the pass line');
    fireEvent.click(screen.getByTestId('group-form-shared'));
    await addStudent('Han', 'Han Meimei');
    await waitFor(() => expect(memberNames()).toEqual(['Han Meimei']));
    await addStudent('Li', 'Li Lei');
    await waitFor(() => expect(memberNames()).toEqual(['Han Meimei', 'Li Lei']));
    // Every student found at once, those already chosen only once.
    searchStudents('2019');
    await waitFor(() => expect(screen.getByTestId('group-member-add-found')).toHaveTextContent(i18n.t('groupsPage.member.addFound', { count: 1 })));
    fireEvent.click(screen.getByTestId('group-member-add-found'));
    await waitFor(() => expect(memberNames()).toEqual(['Han Meimei', 'Li Lei', 'Jim Green']));
    fireEvent.click(screen.getByTestId('group-member-remove-101'));
    await waitFor(() => expect(memberNames()).toEqual(['Han Meimei', 'Jim Green']));
    expect(screen.getByTestId('group-member-count')).toHaveTextContent(i18n.t('groupsPage.member.count', { count: 2, max: 2000 }));

    fireEvent.click(screen.getByTestId('group-dialog-ok'));
    await waitFor(() => expect(stub.calls(SAVE)).toHaveLength(1));
    const body = stub.bodies(SAVE)[0];
    expect(body).toEqual({ name: 'Borderline', remarks: 'Close to the pass line', shared: true, studentIds: [102, 104] });
    expect(studentGroupFormSchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Top students is saved with 2 students'));
    await waitFor(() => expect(screen.queryByTestId('group-dialog')).toBeNull());
    await waitFor(() => expect(stub.calls(PAGE)).toHaveLength(2));
  });

  it("modifies an own group with its id and members, and keeps the dialog open on the server's refusal", async () => {
    grant(...ALL);
    const refusal = 'You already have a group named Art students';
    let refuse = true;
    stub.on(SAVE, () => {
      if (refuse) throw new ApiError(refusal);
      return { id: 1 };
    });
    renderPage();
    await screen.findByText('Top students');
    fireEvent.click(screen.getByTestId('group-edit-1'));
    await screen.findByTestId('group-dialog');
    expect(stub.bodies(GET)).toEqual([{ id: 1 }]);
    expect(screen.getByTestId('group-form-name')).toHaveValue('Top students');
    await waitFor(() => expect(memberNames()).toEqual(['Li Lei', 'Lin Tao']));
    fireEvent.click(screen.getByTestId('group-member-remove-103'));
    type('group-form-name', 'Art students');
    fireEvent.click(screen.getByTestId('group-dialog-ok'));
    await waitFor(() => expect(error).toHaveBeenCalledWith(refusal));
    expect(stub.bodies(SAVE)[0]).toEqual({ id: 1, name: 'Art students', remarks: 'The best ten of the grade', shared: true, studentIds: [101] });
    expect(screen.getByTestId('group-dialog')).toBeInTheDocument();
    expect(memberNames()).toEqual(['Li Lei']);

    refuse = false;
    type('group-form-name', 'Top students (maths)');
    fireEvent.click(screen.getByTestId('group-dialog-ok'));
    await waitFor(() => expect(stub.calls(SAVE)).toHaveLength(2));
    expect(stub.bodies(SAVE)[1]).toMatchObject({ id: 1, name: 'Top students (maths)', studentIds: [101] });
    await waitFor(() => expect(screen.queryByTestId('group-dialog')).toBeNull());
  });

  it('deletes an own group after the confirmation', async () => {
    grant(...ALL);
    renderPage();
    await screen.findByText('Top students');
    fireEvent.click(screen.getByTestId('group-delete-1'));
    fireEvent.click(await screen.findByTestId('delete-confirm-ok'));
    await waitFor(() => expect(stub.bodies(DELETE)).toEqual([{ ids: [1] }]));
    await waitFor(() => expect(stub.calls(PAGE)).toHaveLength(2));
  });

  it('shows English texts without Chinese but the data', async () => {
    await act(() => i18n.changeLanguage('en'));
    grant(...ALL);
    renderPage();
    await screen.findByText('Top students');
    expect(screen.getByText('Only mine')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('manage-add'));
    await screen.findByTestId('group-dialog');
    fireEvent.click(screen.getByTestId('group-dialog-ok'));
    expect(await screen.findByText('Add at least one student')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    await act(() => i18n.changeLanguage('zh'));
  });

  it('builds the body and checks it with the contract', () => {
    expect(groupBody({ name: ' A ', members: [{ id: 3, name: 'x', studentNumber: '1', className: '' }] })).toEqual({ name: 'A', remarks: '', shared: false, studentIds: [3] });
    expect(groupBody({ name: 'A', shared: true, members: [] }, 9)).toEqual({ id: 9, name: 'A', remarks: '', shared: true, studentIds: [] });
    expect(groupIssue({ name: ' ', members: [] }, 'name')).toBe('common.nameRequired');
    expect(groupIssue({ name: 'x'.repeat(31), members: [] }, 'name')).toBe('validation.tooLong');
    expect(groupIssue({ name: 'A', members: [] }, 'members')).toBe('studentGroup.membersRequired');
    expect(groupIssue({ name: 'A', members: [] }, 'remarks')).toBeUndefined();
    const one = { id: 1, name: 'a', studentNumber: '1', className: 'c' };
    expect(addMembers([one], [one, { ...one, id: 2 }, { ...one, id: 2 }]).map((member) => member.id)).toEqual([1, 2]);
  });
});
