import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { buildRoutes } from '../app/menuRoutes.ts';
import { hasPage, pageComponent, pageKey, type PageComponent } from './registry.ts';
import { i18n } from '../i18n/index.ts';

const [route] = buildRoutes([{ menuname: '成绩登记', menuurl: '/cjgl/cjdj', icon: '', sort: 1, remark: JSON.stringify({ menuNameEng: 'Score registration' }) }]);
const [custom] = buildRoutes([{ menuname: 'C', menuurl: '/x', icon: '', sort: 1, remark: JSON.stringify({ sfzdy: '1', zdycs: '7' }) }]);

describe('page registry', () => {
  it('looks pages up by menu url, custom pages under /customPreview', () => {
    expect(pageKey(route)).toBe('/cjgl/cjdj');
    expect(pageKey(custom)).toBe('/customPreview');
    const Page: PageComponent = () => <p>real page</p>;
    const loaders = { '/cjgl/cjdj': async () => ({ default: Page }) };
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
    expect(await screen.findByTestId('not-available', {}, { timeout: 8000 })).toHaveTextContent('成绩登记');
    expect(screen.getByTestId('not-available')).toHaveTextContent('暂未开放');
    await i18n.changeLanguage('en');
    view.rerender(
      <MemoryRouter>
        <Suspense fallback={null}>
          <Page route={route} />
        </Suspense>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Score registration is not available yet.')).toBeInTheDocument();
    await i18n.changeLanguage('zh');
  });
});
