import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@campus/contract';
import { buildRoutes, findHomeRoute, flattenRoutes, pageRoutes, routeTitle, routeTrail, sidebarNodes, topRoutes } from './menuRoutes.ts';

function menu(menuname: string, menuurl: string, remark: Record<string, string> = {}, menus?: MenuItem[], sort = 0): MenuItem {
  return { menuname, menuurl, icon: 'SettingOutlined', sort, remark: JSON.stringify(remark), menus };
}

const tree: MenuItem[] = [
  menu('System', '/system', { menuNameEng: 'System management' }, [
    menu('Users', 'user', { menuNameEng: 'Users', cdwz: 'top' }, undefined, 2),
    menu('Roles', '/system/role', { menuNameEng: 'Roles', noCache: '1' }, undefined, 1),
    menu('Secret', 'secret', { hidden: '1' }, undefined, 3),
  ], 2),
  menu('Home card', '/card', { sfswsy: '1' }, undefined, 1),
  menu('Custom', '/anything', { sfzdy: '1', zdycs: 'report-42' }, undefined, 3),
  menu('Docs', 'https://example.org/docs', {}, undefined, 4),
  menu('Portal', '/portal', { sfwblj: '1', zdycs: 'https://portal.example.org' }, undefined, 5),
  menu('Bad remark', '/bad', undefined, undefined, 6),
];
tree[5].remark = '{not json';

describe('menu → routes', () => {
  const routes = buildRoutes(tree);
  const all = flattenRoutes(routes);
  const byTitle = (title: string) => all.find((r) => r.title === title)!;

  it('sorts by sort at every level and joins relative urls to the parent', () => {
    expect(routes.map((r) => r.title)).toEqual(['Home card', 'System', 'Custom', 'Docs', 'Portal', 'Bad remark']);
    expect(routes[1].children.map((r) => r.path)).toEqual(['/system/role', '/system/user', '/system/secret']);
  });

  it('uses the English title when the language is en and one is configured', () => {
    expect(routeTitle(byTitle('System'), 'en')).toBe('System management');
    expect(routeTitle(byTitle('System'), 'zh')).toBe('System');
    expect(routeTitle(byTitle('Home card'), 'en')).toBe('Home card');
  });

  it('puts custom pages at /customPreview/{zdycs}', () => {
    const custom = byTitle('Custom');
    expect(custom.path).toBe('/customPreview/report-42');
    expect(custom.custom).toBe(true);
    expect(custom.customParam).toBe('report-42');
  });

  it('marks http(s) urls and sfwblj = 1 as external links, which are not routed', () => {
    expect(byTitle('Docs')).toMatchObject({ external: true, externalUrl: 'https://example.org/docs' });
    expect(byTitle('Portal')).toMatchObject({ external: true, externalUrl: 'https://portal.example.org' });
    const pages = pageRoutes(routes);
    expect(pages.has('https://example.org/docs')).toBe(false);
    expect([...pages.keys()].sort()).toEqual(['/bad', '/card', '/customPreview/report-42', '/system/role', '/system/secret', '/system/user']);
  });

  it('honours the home page, header menu, hidden and noCache flags', () => {
    expect(findHomeRoute(routes)?.path).toBe('/card');
    expect(topRoutes(routes).map((r) => r.path)).toEqual(['/system/user']);
    expect(byTitle('Secret').hidden).toBe(true);
    expect(byTitle('Roles').noCache).toBe(true);
    expect(byTitle('Users').noCache).toBe(false);
  });

  it('tolerates a broken remark and builds the breadcrumb trail', () => {
    expect(byTitle('Bad remark')).toMatchObject({ path: '/bad', hidden: false, external: false });
    expect(routeTrail(routes, '/system/user').map((r) => r.title)).toEqual(['System', 'Users']);
  });
});

describe('sidebar rules', () => {
  it('leaves hidden entries out and nests submenus', () => {
    const nodes = sidebarNodes(buildRoutes(tree));
    const system = nodes.find((n) => n.title === 'System');
    expect(system?.kind).toBe('submenu');
    expect(system?.kind === 'submenu' && system.children.map((c) => c.title)).toEqual(['Roles', 'Users']);
  });

  it('a parent with exactly one visible child becomes a direct link to it', () => {
    const nodes = sidebarNodes(buildRoutes([menu('Parent', '/p', {}, [menu('Only', 'only'), menu('Hidden', 'h', { hidden: '1' })])]));
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({ kind: 'link', title: 'Only', key: '/p/only' });
  });

  it('a parent whose only child is hidden becomes a direct link', () => {
    const nodes = sidebarNodes(buildRoutes([menu('Messages', '/msg', {}, [menu('Centre', 'center', { hidden: '1' })])]));
    expect(nodes[0]).toMatchObject({ kind: 'link', title: 'Messages', key: '/msg/center' });
  });

  it('alwaysShow keeps a single child inside a submenu', () => {
    const nodes = sidebarNodes(buildRoutes([menu('Parent', '/p', { alwaysShow: '1' }, [menu('Only', 'only')])]));
    expect(nodes[0]).toMatchObject({ kind: 'submenu', title: 'Parent' });
    expect(nodes[0].kind === 'submenu' && nodes[0].children.map((c) => c.title)).toEqual(['Only']);
  });

  it('a hidden parent is not shown at all', () => {
    expect(sidebarNodes(buildRoutes([menu('Parent', '/p', { hidden: '1' }, [menu('A', 'a'), menu('B', 'b')])]))).toEqual([]);
  });
});
