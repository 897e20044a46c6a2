import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TabsBar } from './TabsBar.tsx';
import { dashboardView, useTabs, type TabView } from '../../state/tabs.ts';

const view = (path: string, title: string): TabView => ({ name: path, path, fullPath: path, title, meta: {} });

function setup(active: string) {
  const router = createMemoryRouter([{ path: '*', element: <TabsBar /> }], { initialEntries: [active] });
  render(<RouterProvider router={router} />);
  return router;
}

function tab(title: string): HTMLElement {
  return screen.getByText(title).closest('.app-tab') as HTMLElement;
}

async function choose(label: string) {
  const item = await screen.findByRole('menuitem', { name: label, hidden: true });
  fireEvent.click(item);
}

beforeEach(() => {
  useTabs.getState().reset();
  for (const v of [dashboardView('首页', 'Home'), view('/a', 'A'), view('/b', 'B'), view('/c', 'C')]) useTabs.getState().add(v);
});

describe('tabs bar', () => {
  it('closes the active tab with its close icon and goes to the last remaining tab', async () => {
    const router = setup('/c');
    fireEvent.click(tab('C').querySelector('.app-tab-close')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/b'));
    expect(useTabs.getState().visited.map((v) => v.path)).toEqual(['/dashboard', '/a', '/b']);
  });

  it('offers close others from the right-click menu', async () => {
    const router = setup('/c');
    fireEvent.contextMenu(tab('A'));
    await choose('关闭其他');
    await waitFor(() => expect(useTabs.getState().visited.map((v) => v.path)).toEqual(['/dashboard', '/a']));
    await waitFor(() => expect(router.state.location.pathname).toBe('/a'));
  });

  it('offers close all from the right-click menu', async () => {
    const router = setup('/b');
    fireEvent.contextMenu(tab('B'));
    await choose('关闭所有');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(useTabs.getState().visited.map((v) => v.path)).toEqual(['/dashboard']);
  });

  it('gives the dashboard tab no close icon and no context menu', async () => {
    setup('/a');
    expect(tab('首页').querySelector('.app-tab-close')).toBeNull();
    fireEvent.contextMenu(tab('首页'));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('menuitem', { hidden: true })).toBeNull();
    // The same gesture on another tab does open the menu.
    fireEvent.contextMenu(tab('B'));
    expect(await screen.findAllByRole('menuitem', { hidden: true })).toHaveLength(3);
  });

  it('steps between tabs with the arrow buttons', async () => {
    const router = setup('/b');
    fireEvent.click(screen.getByTestId('tabs-prev'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/a'));
    fireEvent.click(screen.getByTestId('tabs-next'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/b'));
  });
});
