import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { buildRoutes, CUSTOM_PAGE_PREFIX } from '../app/menuRoutes.ts';
import { hasPage, pageComponent, pageKey, pageLoaders, type PageComponent } from './registry.ts';
import { i18n, resources } from '../i18n/index.ts';
import { areaTexts, TEXT_AREAS, type TextArea } from '../i18n/areas.ts';

const [route] = buildRoutes([{ menuname: '问卷统计', menuurl: '/survey/archive', icon: '', sort: 1, remark: JSON.stringify({ menuNameEng: 'Survey statistics' }) }]);
const [custom] = buildRoutes([{ menuname: 'C', menuurl: '/x', icon: '', sort: 1, remark: JSON.stringify({ sfzdy: '1', zdycs: '7' }) }]);

describe('page registry', () => {
  it('looks pages up by menu url, custom pages under /customPreview', () => {
    expect(pageKey(route)).toBe('/survey/archive');
    expect(pageKey(custom)).toBe('/customPreview');
    const Page: PageComponent = () => <p>real page</p>;
    const loaders = { '/survey/archive': async () => ({ default: Page }) };
    expect(hasPage(route, loaders)).toBe(true);
    expect(hasPage(route)).toBe(false);
    expect(pageComponent(route, loaders)).toBe(pageComponent(route, loaders));
  });

  it('renders NotAvailable naming the area in the user language for unknown urls', async () => {
    const Page = pageComponent(route);
    const view = render(
      <MemoryRouter>
        <Suspense fallback={null}>
          <Page route={route} />
        </Suspense>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('not-available', {}, { timeout: 8000 })).toHaveTextContent('问卷统计');
    expect(screen.getByTestId('not-available')).toHaveTextContent('暂未开放');
    await i18n.changeLanguage('en');
    view.rerender(
      <MemoryRouter>
        <Suspense fallback={null}>
          <Page route={route} />
        </Suspense>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Survey statistics is not available yet.')).toBeInTheDocument();
    await i18n.changeLanguage('zh');
  });
});

describe('page texts', () => {
  const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const read = (file: string) => readFileSync(file, 'utf8');

  /** The file and its relative static imports (not type-only ones), transitively. */
  function closure(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const [, typeOnly, spec] of read(file).matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'(\.[^']+)'/gm)) {
      const target = path.resolve(path.dirname(file), spec);
      if (!typeOnly && /\.tsx?$/.test(target) && existsSync(target)) closure(target, seen);
    }
    return seen;
  }

  /** Where each key lives: the core, or the areas that hold it. */
  const owners = new Map<string, Set<string>>();
  const own = (key: string, owner: string) => owners.set(key, (owners.get(key) ?? new Set()).add(owner));
  for (const key of Object.keys(resources.en.translation)) own(key, 'core');

  /** Keys of any area that a page's code names without loading that area. */
  function unloaded(entry: string, loads: readonly TextArea[]): string[] {
    const problems: string[] = [];
    for (const file of closure(entry)) {
      const text = read(file);
      for (const [, key] of text.matchAll(/'([a-zA-Z][\w]*(?:\.[\w]+)+)'/g)) {
        const holders = owners.get(key);
        if (holders && !holders.has('core') && !loads.some((area) => holders.has(area))) problems.push(`${path.relative(srcDir, file)}: ${key}`);
      }
      for (const [, prefix] of text.matchAll(/\bt\(\s*`([a-zA-Z][\w.]*\.)\$\{/g)) {
        const known = [...owners].some(([key, holders]) => key.startsWith(prefix) && (holders.has('core') || loads.some((area) => holders.has(area))));
        if (!known) problems.push(`${path.relative(srcDir, file)}: ${prefix}*`);
      }
    }
    return problems;
  }

  /** url → the page module it imports, read from the registries' source. */
  function registeredModules(file: string): Map<string, string> {
    const found = new Map<string, string>();
    for (const [, url, spec] of read(file).matchAll(/^\s*(?:'([^']+)'|\[CUSTOM_PAGE_PREFIX\]):.*import\('(\.[^']+)'\)/gm)) {
      found.set(url ?? CUSTOM_PAGE_PREFIX, path.resolve(path.dirname(file), spec));
    }
    return found;
  }

  it('every page loads the areas whose texts its code uses, before it renders', async () => {
    for (const area of TEXT_AREAS) {
      const texts = await areaTexts(area);
      for (const key of [...Object.keys(texts.contract.en), ...Object.keys(texts.web.en)]) own(key, area);
    }
    const modules = new Map([...registeredModules(path.join(srcDir, 'pages/registry.ts')), ...registeredModules(path.join(srcDir, 'pages/demo/routes.ts'))]);
    expect([...modules.keys()].sort()).toEqual(Object.keys(pageLoaders).sort());
    const problems = [...modules].flatMap(([url, file]) => unloaded(file, (pageLoaders[url] as { areas?: readonly TextArea[] }).areas ?? []));
    // The screens outside the registry (entry, login, layout, dashboard, fixed routes) have the core only.
    for (const file of ['main.tsx', 'pages/login/LoginPage.tsx', 'app/layout/AppLayout.tsx', 'pages/dashboard/Dashboard.tsx', 'pages/errors/NotFound.tsx', 'pages/errors/NoPermission.tsx', 'pages/qrcode/QrCodePage.tsx']) {
      problems.push(...unloaded(path.join(srcDir, file), []));
    }
    expect(problems).toEqual([]);
  });
});
