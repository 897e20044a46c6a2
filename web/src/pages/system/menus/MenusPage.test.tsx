import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MenuNode } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useSession } from '../../../state/session.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import MenusPage from './MenusPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../api/client.ts', async () => (await import('../../../components/Timetable/callStub.ts')).clientModule);

const route = { path: '/xtgl/cdgl' } as AppRoute;
const node = (id: number, code: string, name: string, kind: MenuNode['kind'], children: MenuNode[] = [], sort = id): MenuNode => ({
  id, code, name, nameEn: `${code} en`, url: kind === 'button' ? '' : `/${code}`, permission: code.replace(/\./g, ':'), icon: '', sort, enabled: true, kind, children,
});
const TREE: MenuNode[] = [
  node(1, 'system', '系统管理', 'directory', [
    node(2, 'system.user', '用户管理', 'page', [node(3, 'system.user.edit', '编辑', 'button')]),
    node(4, 'system.role', '角色管理', 'page'),
  ]),
];

beforeEach(() => {
  stub.reset();
  stub
    .on('/api/system/menus/tree', () => TREE)
    .on('/api/system/menus/move', () => null)
    .on('/api/system/menus/create', () => ({ id: 9 }));
  useSession.setState({ permissions: ['system:menu', 'system:menu:edit', 'system:menu:delete'], roles: ['admin'] });
});

describe('MenusPage', () => {
  it('shows the tree with buttons under their page, finds by keyword and moves a sibling up', async () => {
    render(<MenusPage route={route} />);
    await screen.findByText('系统管理');
    // Collapsed at first; a search opens every branch with a match.
    expect(screen.queryByText('编辑')).toBeNull();
    fireEvent.change(within(screen.getByTestId('menus-search')).getByRole('searchbox'), { target: { value: 'system:user' } });
    fireEvent.keyDown(within(screen.getByTestId('menus-search')).getByRole('searchbox'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByTestId('menus-row-system.user.edit');
    expect(screen.queryByTestId('menus-row-system.role')).toBeNull();
    fireEvent.change(within(screen.getByTestId('menus-search')).getByRole('searchbox'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('menus-expand-all'));
    await screen.findByTestId('menus-row-system.role');
    // The first sibling cannot move up; the second can.
    expect(screen.getByTestId('menus-up-system.user')).toBeDisabled();
    expect(screen.getByTestId('menus-down-system.role')).toBeDisabled();
    fireEvent.click(screen.getByTestId('menus-up-system.role'));
    await waitFor(() => expect(stub.bodies('/api/system/menus/move')).toEqual([{ id: 4, direction: 'up' }]));
    await waitFor(() => expect(stub.calls('/api/system/menus/tree')).toHaveLength(2));
  });

  it('adds a button under a page with the shared rules: no outer spaces, permission letters, digits, _ and :', async () => {
    render(<MenusPage route={route} />);
    await screen.findByText('系统管理');
    fireEvent.click(screen.getByTestId('menus-expand-all'));
    fireEvent.click(await screen.findByTestId('menus-add-child-system.user'));
    const dialog = await screen.findByTestId('menus-dialog');
    fireEvent.change(within(dialog).getByTestId('menus-form-name'), { target: { value: '导出 ' } });
    fireEvent.change(within(dialog).getByTestId('menus-form-permission'), { target: { value: 'system-user-export' } });
    fireEvent.click(screen.getByTestId('menus-dialog-ok'));
    await within(dialog).findByText('名称首尾不能有空格');
    await within(dialog).findByText('权限值只能包含字母、数字、下划线和冒号');
    expect(stub.calls('/api/system/menus/create')).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('menus-form-name'), { target: { value: '导出' } });
    fireEvent.change(within(dialog).getByTestId('menus-form-permission'), { target: { value: 'system:user:export' } });
    fireEvent.click(screen.getByTestId('menus-dialog-ok'));
    await waitFor(() => expect(stub.bodies('/api/system/menus/create')).toHaveLength(1));
    expect(stub.bodies('/api/system/menus/create')[0]).toMatchObject({ kind: 'button', parentId: 2, name: '导出', permission: 'system:user:export', url: '' });
  });
});
