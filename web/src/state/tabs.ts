import { create } from 'zustand';
import { readJson, session } from './storage.ts';

export const DASHBOARD_PATH = '/dashboard';
const VISITED_KEY = 'visitedViews';

/** One visited page (spec section 2: name, path, title, meta). */
export interface TabView {
  /** Unique name; also the keep-alive key. */
  name: string;
  path: string;
  /** Path with its query string, used when the tab is re-opened. */
  fullPath: string;
  title: string;
  titleEn?: string;
  meta: {
    icon?: string;
    noCache?: boolean;
    /** Fixed tabs (the dashboard) have no context menu and cannot be removed. */
    affix?: boolean;
  };
}

export function dashboardView(title: string, titleEn: string): TabView {
  return { name: DASHBOARD_PATH, path: DASHBOARD_PATH, fullPath: DASHBOARD_PATH, title, titleEn, meta: { affix: true, noCache: true, icon: 'HomeOutlined' } };
}

/** The result of a tab operation: the new list and, when the active tab went away, where to go. */
export interface TabChange {
  views: TabView[];
  /** Path to navigate to, or undefined to stay. */
  navigateTo?: string;
}

/** Adds a view, or refreshes the stored one (full path, titles) when it is already open. */
export function addView(views: TabView[], view: TabView): TabView[] {
  const index = views.findIndex((v) => v.path === view.path);
  if (index === -1) return view.meta.affix ? [view, ...views] : [...views, view];
  const copy = views.slice();
  copy[index] = { ...views[index], ...view, meta: { ...views[index].meta, ...view.meta } };
  return copy;
}

/** Closing the active tab goes to the last remaining tab, or to / when none is left. */
function afterRemoval(remaining: TabView[], activePath: string): string | undefined {
  if (remaining.some((v) => v.path === activePath)) return undefined;
  const last = remaining[remaining.length - 1];
  return last ? last.fullPath : '/';
}

export function closeView(views: TabView[], path: string, activePath: string): TabChange {
  const target = views.find((v) => v.path === path);
  if (!target || target.meta.affix) return { views };
  const remaining = views.filter((v) => v.path !== path);
  return { views: remaining, navigateTo: afterRemoval(remaining, activePath) };
}

export function closeOtherViews(views: TabView[], path: string, activePath: string): TabChange {
  const remaining = views.filter((v) => v.meta.affix || v.path === path);
  const target = views.find((v) => v.path === path);
  // "Close others" also makes the kept tab the current one.
  const navigateTo = target && target.path !== activePath ? target.fullPath : afterRemoval(remaining, activePath);
  return { views: remaining, navigateTo };
}

export function closeAllViews(views: TabView[], activePath: string): TabChange {
  const remaining = views.filter((v) => v.meta.affix);
  return { views: remaining, navigateTo: afterRemoval(remaining, activePath) };
}

/** The tab next to the active one (arrow buttons); undefined at either end. */
export function stepView(views: TabView[], activePath: string, direction: -1 | 1): TabView | undefined {
  const index = views.findIndex((v) => v.path === activePath);
  if (index === -1) return views[direction === 1 ? 0 : views.length - 1];
  return views[index + direction];
}

/** Names of the views kept alive: every visited view except noCache ones. */
export function cachedViewNames(views: TabView[]): string[] {
  return views.filter((v) => !v.meta.noCache).map((v) => v.name);
}

function persist(views: TabView[]): void {
  session.set(VISITED_KEY, JSON.stringify(views));
}

export interface TabsState {
  visited: TabView[];
  add(view: TabView): void;
  close(path: string, activePath: string): string | undefined;
  closeOthers(path: string, activePath: string): string | undefined;
  closeAll(activePath: string): string | undefined;
  reset(): void;
}

export const useTabs = create<TabsState>()((set, get) => {
  const apply = (change: TabChange): string | undefined => {
    persist(change.views);
    set({ visited: change.views });
    return change.navigateTo;
  };
  return {
    visited: readJson<TabView[]>(session.get(VISITED_KEY), []).filter((v) => v && typeof v.path === 'string'),
    add(view) {
      const views = addView(get().visited, view);
      persist(views);
      set({ visited: views });
    },
    close: (path, activePath) => apply(closeView(get().visited, path, activePath)),
    closeOthers: (path, activePath) => apply(closeOtherViews(get().visited, path, activePath)),
    closeAll: (activePath) => apply(closeAllViews(get().visited, activePath)),
    reset() {
      session.remove(VISITED_KEY);
      set({ visited: [] });
    },
  };
});
