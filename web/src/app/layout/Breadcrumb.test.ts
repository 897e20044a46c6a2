import { describe, expect, it } from 'vitest';
import { crumbsFor } from './Breadcrumb.tsx';
import { buildRouteTable, resolveRoute } from '../routeTable.ts';

const table = buildRouteTable(
  [
    {
      menuname: '成绩管理',
      menuurl: '/cjgl',
      icon: 'LineChartOutlined',
      sort: 1,
      remark: JSON.stringify({ menuNameEng: 'Scores' }),
      menus: [{ menuname: '换算规则', menuurl: '/cjgl/hsgz', icon: '', sort: 1, remark: JSON.stringify({ menuNameEng: 'Conversion rules' }) }],
    },
  ],
  [],
);

describe('breadcrumb', () => {
  it('starts with home; every crumb but the last is a link', () => {
    const crumbs = crumbsFor(table, resolveRoute(table, '/cjgl/hsgz'), 'en');
    expect(crumbs.map((c) => c.title)).toEqual(['Home', 'Scores', 'Conversion rules']);
    expect(crumbs.map((c) => c.to)).toEqual(['/dashboard', '/cjgl/hsgz', undefined]);
  });

  it('is the single home crumb on the dashboard', () => {
    expect(crumbsFor(table, resolveRoute(table, '/dashboard'), 'zh')).toEqual([{ key: '/dashboard', title: '首页', to: undefined }]);
  });
});
