import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useSession } from '../../../state/session.ts';
import BuildingsPage from './BuildingsPage.tsx';
import ResearchGroupsPage from '../researchGroups/ResearchGroupsPage.tsx';
import type { AppRoute } from '../../../app/menuRoutes.ts';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../api/client.ts', async () => (await import('../../../components/Timetable/callStub.ts')).clientModule);

const route = { path: '/xtgl/lygl' } as AppRoute;
const OPTIONS = {
  units: [],
  campuses: [
    { id: 2, name: 'East campus', parentId: 1 },
    { id: 3, name: 'West campus', parentId: 1 },
  ],
  researchGroups: [],
  buildings: [],
  courses: [{ id: 7, name: 'Robotics' }],
  grades: [],
  schoolYears: [],
  terms: [],
};
const BUILDING = { id: 1, code: 'E-QM', name: 'Qiming', campusId: 2, campusName: 'East campus', floors: 5, usage: 'teaching', enabled: true, sort: 1, remark: null, classroomCount: 18 };

beforeEach(() => {
  stub.reset();
  stub
    .on('/api/system/campusOptions', () => OPTIONS)
    .on('/api/system/buildings/page', () => ({ total: 1, rows: [BUILDING] }))
    .on('/api/system/buildings/create', () => ({ id: 2 }))
    .on('/api/system/researchGroups/page', () => ({ total: 0, rows: [] }));
});

const grant = (...permissions: string[]) => useSession.setState({ permissions, roles: [] });
const dialog = () => screen.getByTestId('buildings-dialog');

async function pick(testId: string, option: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((el) => el.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

describe('BuildingsPage', () => {
  it('lists buildings and adds one, checking the form with the shared schema first', async () => {
    grant('system:building', 'system:building:edit', 'system:building:delete');
    render(<BuildingsPage route={route} />);
    await screen.findByText('Qiming');
    expect(screen.getByTestId('buildings-delete-E-QM')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('manage-add'));
    await screen.findByTestId('buildings-dialog');
    fireEvent.change(screen.getByTestId('buildings-form-code'), { target: { value: 'E 2' } });
    fireEvent.change(screen.getByTestId('buildings-form-name'), { target: { value: 'Library' } });
    fireEvent.click(screen.getByTestId('buildings-dialog-ok'));
    await within(dialog()).findByText('编码只能包含字母、数字、下划线和连字符');
    expect(stub.calls('/api/system/buildings/create')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('buildings-form-code'), { target: { value: 'E-TS' } });
    await pick('buildings-form-campus', 'West campus');
    fireEvent.click(screen.getByTestId('buildings-dialog-ok'));
    await waitFor(() => expect(stub.bodies('/api/system/buildings/create')).toHaveLength(1));
    expect(stub.bodies('/api/system/buildings/create')[0]).toMatchObject({ code: 'E-TS', name: 'Library', campusId: 3, floors: 1, usage: 'teaching', enabled: true });
  });

  it('shows no add, modify or delete buttons without the edit and delete permissions', async () => {
    grant('system:building');
    render(<BuildingsPage route={route} />);
    await screen.findByText('Qiming');
    expect(screen.queryByTestId('manage-add')).toBeNull();
    expect(screen.queryByTestId('buildings-edit-E-QM')).toBeNull();
    expect(screen.queryByTestId('buildings-delete-E-QM')).toBeNull();
  });
});

describe('ResearchGroupsPage', () => {
  it('keeps the 50-character limit in the form fields', async () => {
    grant('system:researchGroup', 'system:researchGroup:edit');
    render(<MemoryRouter><ResearchGroupsPage route={{ path: '/xtgl/jyzgl' } as AppRoute} /></MemoryRouter>);
    fireEvent.click(await screen.findByTestId('manage-add'));
    const name = (await screen.findByTestId('groups-form-name')) as HTMLInputElement;
    expect(name.maxLength).toBe(50);
    fireEvent.click(screen.getByTestId('groups-dialog-ok'));
    await within(screen.getByTestId('groups-dialog')).findByText('名称不能为空');
  });
});
