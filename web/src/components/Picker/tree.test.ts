import { describe, expect, it } from 'vitest';
import { allKeys, filterTree, findNode, orgTreeNodes, roleTreeNodes } from './tree.ts';

const orgs = orgTreeNodes([
  { id: '1', label: 'North School', children: [{ id: '11', label: 'Maths group' }, { id: '12', label: 'Music group' }] },
  { id: '2', label: 'South campus', children: [{ id: '21', label: 'Maths office' }] },
]);

describe('picker trees', () => {
  it('filter by label containing the text, keeping the ancestors', () => {
    const maths = filterTree(orgs, 'maths');
    expect(allKeys(maths)).toEqual(['1', '11', '2', '21']);
    expect(allKeys(filterTree(orgs, 'Music'))).toEqual(['1', '12']);
    expect(filterTree(orgs, 'nothing')).toEqual([]);
    expect(filterTree(orgs, '  ')).toBe(orgs);
  });

  it('make role groups uncheckable parents of checkable roles', () => {
    const roles = roleTreeNodes([{ CODE: 'g1', NAME: 'Teaching', CHILD: [{ id: 'teacher', label: 'Teacher' }] }]);
    expect(roles[0]).toMatchObject({ key: 'group:g1', checkable: false });
    expect(roles[0].children?.[0]).toMatchObject({ id: 'teacher', title: 'Teacher', checkable: true, group: 'g1' });
    expect(findNode(roles, 'teacher')?.title).toBe('Teacher');
    expect(findNode(roles, 'g1')).toBeUndefined();
  });
});
