import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { APPLICATION_TYPES, type ApprovalFlowView } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import type { RequestOptions } from '../../../api/client.ts';
import { clearPickerCache } from '../../../api/components.ts';
import FlowsPage from './FlowsPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 5000 });
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  return {
    ...clientModule,
    request: async (path: string, options?: RequestOptions) => ({
      result: true,
      code: 200,
      msg: path === '/api/applications/flows/save' ? 'The approval chain was saved' : '',
      data: await calls.call(path, options),
    }),
  };
});

const route = { path: '/sqsp/splc', title: '审批流程设置', titleEn: 'Approval chains' } as AppRoute;

type FlowStep = ApprovalFlowView['steps'][number];
const step = (kind: FlowStep['kind'], extra: Partial<FlowStep> = {}): FlowStep => ({ kind, roleCode: null, roleName: '', account: null, userName: '', ...extra });

let FLOWS: ApprovalFlowView[];
const success = vi.fn();

beforeEach(() => {
  stub.reset();
  clearPickerCache();
  success.mockClear();
  setFeedback({ message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() }, modal: {} } as unknown as Feedback);
  FLOWS = APPLICATION_TYPES.map((type) => ({ type, steps: [step('classTeacher'), step('divisionDirector')], updatedAt: '' }));
  FLOWS[1] = { type: 'staffLeave', steps: [step('role', { roleCode: 'academic', roleName: 'Academic staff' }), step('principal')], updatedAt: '2026-11-20 10:00:00' };
  FLOWS[2] = { type: 'travel', steps: [step('person', { account: 'T0040', userName: 'Teacher Li' })], updatedAt: '2026-11-21 09:30:00' };
  stub
    .on('/api/applications/flows/list', () => FLOWS)
    .on('/api/applications/flows/save', () => null)
    // The shared components' role call: enabled roles grouped by role type, a role's id being its code.
    .on('/components/getRoles', () => [
      { CODE: 'admin', NAME: 'Administrative roles', CHILD: [{ id: 'academic', label: 'Academic staff' }, { id: 'guards', label: 'Guards' }] },
      { CODE: 'teaching', NAME: 'Teaching roles', CHILD: [{ id: 'grade8_heads', label: 'Grade 8 heads' }] },
    ])
    .on('/components/getUserData', (o) => JSON.parse(String((o?.form as { ids: string }).ids)).map((id: string) => ({ USERID: id, USERNAME: id === 'T0040' ? 'Teacher Li' : 'Teacher Zhao' })))
    .on('/components/getUserAllData', () => ({ total: 1, rows: [{ USERID: 'T0051', USERNAME: 'Teacher Zhao', USERTYPE: 3, XQMC: 'Main', DWMC: 'Maths' }] }))
    .on('/components/getOrgsData', () => []);
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/sqsp/splc']}>
        <FlowsPage route={route} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function choose(testId: string, option: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) => el.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

const steps = () => screen.getAllByTestId('flow-step');

describe('FlowsPage', () => {
  it("lists each type's chain with the chosen roles and people", async () => {
    renderPage();
    const staff = await screen.findByTestId('flow-chain-staffLeave');
    expect(screen.getByText('审批流程设置')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-testid^="flow-chain-"]')).toHaveLength(APPLICATION_TYPES.length);
    expect(screen.getByTestId('flow-type-studentLeave')).toHaveTextContent('学生请假');
    expect(within(screen.getByTestId('flow-chain-studentLeave')).getAllByTestId('flow-tag').map((tag) => tag.textContent)).toEqual(['第 1 步 班主任', '第 2 步 学部主任']);
    expect(within(staff).getAllByTestId('flow-tag')[0]).toHaveTextContent('角色：Academic staff');
    expect(within(screen.getByTestId('flow-chain-travel')).getByTestId('flow-tag')).toHaveTextContent('指定人员：Teacher Li');
    expect(screen.getAllByText('默认流程')).toHaveLength(APPLICATION_TYPES.length - 2);
    expect(screen.getByText('2026-11-20 10:00')).toBeInTheDocument();
  });

  it('edits a chain: steps added, checked, moved and removed, a role chosen; 1 to 5 steps', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('flow-edit-studentLeave'));
    const dialog = await screen.findByTestId('flow-dialog');
    expect(screen.getByText('学生请假审批流程')).toBeInTheDocument();
    expect(steps()).toHaveLength(2);

    // A new step needs its kind; a role step needs the role.
    fireEvent.click(screen.getByTestId('flow-step-add'));
    fireEvent.click(screen.getByTestId('flow-dialog-ok'));
    await within(dialog).findByText('请选择该步骤的审批人');
    expect(stub.calls('/api/applications/flows/save')).toHaveLength(0);
    await choose('flow-step-kind-2', '角色');
    await screen.findByTestId('flow-step-role-2');
    fireEvent.click(screen.getByTestId('flow-dialog-ok'));
    await within(dialog).findByText('请选择审批该步骤的角色');
    // The roles come from the shared components' role call, grouped by role type.
    await choose('flow-step-role-2', 'Academic staff');
    expect(stub.bodies('/components/getRoles')).toEqual([{ roleType: '' }]);
    const roleList = (selector: string) => [...document.querySelectorAll(selector)].filter((el) => el.closest('.ant-select-dropdown')?.querySelector('.ant-select-item-group')).map((el) => el.textContent);
    expect(roleList('.ant-select-item-option')).toEqual(['Academic staff', 'Guards', 'Grade 8 heads']);
    expect(roleList('.ant-select-item-group')).toEqual(['Administrative roles', 'Teaching roles']);

    // At most five steps; the last one cannot go.
    fireEvent.click(screen.getByTestId('flow-step-add'));
    fireEvent.click(screen.getByTestId('flow-step-add'));
    expect(steps()).toHaveLength(5);
    expect(screen.getByTestId('flow-step-add')).toBeDisabled();
    fireEvent.click(screen.getByTestId('flow-step-remove-4'));
    fireEvent.click(screen.getByTestId('flow-step-remove-3'));
    expect(steps()).toHaveLength(3);
    // The role goes first.
    fireEvent.click(screen.getByTestId('flow-step-up-2'));
    fireEvent.click(screen.getByTestId('flow-step-up-1'));

    fireEvent.click(screen.getByTestId('flow-dialog-ok'));
    await waitFor(() =>
      expect(stub.bodies('/api/applications/flows/save')).toEqual([
        {
          type: 'studentLeave',
          steps: [
            { kind: 'role', roleCode: 'academic', account: null },
            { kind: 'classTeacher', roleCode: null, account: null },
            { kind: 'divisionDirector', roleCode: null, account: null },
          ],
        },
      ]),
    );
    expect(success).toHaveBeenCalledWith('The approval chain was saved');
    await waitFor(() => expect(stub.calls('/api/applications/flows/list')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('flow-dialog')).toBeNull());
    expect(stub.paths().filter((path) => path.startsWith('/api/system/'))).toEqual([]);
  });

  it("shows a chain's role by its code, and keeps one the role call no longer lists under its saved name", async () => {
    FLOWS[1].steps.push(step('role', { roleCode: 'retired', roleName: 'Retired role' }));
    renderPage();
    fireEvent.click(await screen.findByTestId('flow-edit-staffLeave'));
    const dialog = await screen.findByTestId('flow-dialog');
    expect(steps()).toHaveLength(3);
    await within(dialog).findByText('Academic staff');
    await within(dialog).findByText('Retired role');
    fireEvent.click(screen.getByTestId('flow-dialog-ok'));
    await waitFor(() =>
      expect(stub.bodies('/api/applications/flows/save')).toEqual([
        {
          type: 'staffLeave',
          steps: [
            { kind: 'role', roleCode: 'academic', account: null },
            { kind: 'principal', roleCode: null, account: null },
            { kind: 'role', roleCode: 'retired', account: null },
          ],
        },
      ]),
    );
  });

  it('keeps a named person as they are, and sends a newly picked one by their account', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('flow-edit-travel'));
    const dialog = await screen.findByTestId('flow-dialog');
    await within(dialog).findByText('Teacher Li');
    expect(steps()).toHaveLength(1);
    expect(screen.getByTestId('flow-step-remove-0')).toBeDisabled();
    fireEvent.click(screen.getByTestId('flow-dialog-ok'));
    await waitFor(() => expect(stub.bodies('/api/applications/flows/save')).toEqual([{ type: 'travel', steps: [{ kind: 'person', roleCode: null, account: 'T0040' }] }]));

    // Another person: the picker answers an account, and the chain takes it as it is.
    await waitFor(() => expect(screen.queryByTestId('flow-dialog')).toBeNull());
    fireEvent.click(screen.getByTestId('flow-edit-travel'));
    const again = await screen.findByTestId('flow-dialog');
    await within(again).findByText('Teacher Li');
    fireEvent.click(within(again).getByTestId('picker-tag').querySelector('.ant-tag-close-icon') as HTMLElement);
    fireEvent.click(within(again).getByTestId('picker-field'));
    const popover = await screen.findByTestId('picker-popover');
    await within(popover).findByText('Teacher Zhao');
    fireEvent.click((within(popover).getByText('Teacher Zhao').closest('tr') as HTMLElement).querySelector('input') as HTMLInputElement);
    await within(again).findByText('Teacher Zhao');
    fireEvent.click(screen.getByTestId('flow-dialog-ok'));
    await waitFor(() => expect(stub.bodies('/api/applications/flows/save')).toHaveLength(2));
    expect(stub.bodies('/api/applications/flows/save')[1]).toEqual({ type: 'travel', steps: [{ kind: 'person', roleCode: null, account: 'T0051' }] });
    expect(stub.paths().filter((path) => path.startsWith('/api/system/'))).toEqual([]);
  });
});
