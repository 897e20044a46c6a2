import { describe, expect, it } from 'vitest';
import { addItems, CODE_PREFIX, joinValue, makeItem, parseCode, removeItems, splitValue, toCode } from './selection.ts';

const person = (id: string) => makeItem('people', id, `P ${id}`);
const org = (id: string) => makeItem('org', id, `O ${id}`);
const role = (id: string) => makeItem('role', id, `R ${id}`);
const multi = { multiple: true, limit: 0 };

describe('picker value codes', () => {
  it('prefix people U_, organisations O_, roles R_', () => {
    expect(CODE_PREFIX).toEqual({ people: 'U_', org: 'O_', role: 'R_' });
    expect(toCode('people', 'T0001')).toBe('U_T0001');
    expect(parseCode('O_12')).toEqual({ type: 'org', id: '12' });
    expect(parseCode('R_teacher')).toEqual({ type: 'role', id: 'teacher' });
    expect(parseCode('X_1')).toBeNull();
    expect(parseCode('U_')).toBeNull();
  });

  it('join as a comma string ordered people, org, role without duplicates', () => {
    expect(joinValue([role('teacher'), org('12'), person('T0001'), org('12'), person('T0002')])).toBe('U_T0001,U_T0002,O_12,R_teacher');
    expect(splitValue('R_a, O_1,U_x,U_x,bogus,')).toEqual([
      { code: 'U_x', type: 'people', id: 'x' },
      { code: 'O_1', type: 'org', id: '1' },
      { code: 'R_a', type: 'role', id: 'a' },
    ]);
  });
});

describe('picker selection rules', () => {
  it('multi-select accumulates, without duplicates', () => {
    let items = addItems([], [person('a')], multi);
    items = addItems(items.ok ? items.items : [], [person('b'), person('a')], multi);
    expect(items.ok && joinValue(items.items)).toBe('U_a,U_b');
  });

  it('single-select replaces the prior selection of that kind only', () => {
    const single = { multiple: false, limit: 0 };
    const first = addItems([person('a'), org('1')], [person('b')], single);
    expect(first.ok && joinValue(first.items)).toBe('U_b,O_1');
    const second = addItems(first.ok ? first.items : [], [org('2')], single);
    expect(second.ok && joinValue(second.items)).toBe('U_b,O_2');
  });

  it('refuses a pick beyond the limit and keeps the selection', () => {
    const current = [person('a'), person('b')];
    expect(addItems(current, [org('1')], { multiple: true, limit: 2 })).toEqual({ ok: false, limit: 2 });
    expect(addItems(current, [person('c'), person('d')], { multiple: true, limit: 3 })).toEqual({ ok: false, limit: 3 });
    const within = addItems(current, [person('c')], { multiple: true, limit: 3 });
    expect(within.ok && within.items).toHaveLength(3);
    // Limit 0 means none.
    const none = addItems(current, [person('c'), person('d'), person('e')], multi);
    expect(none.ok && none.items).toHaveLength(5);
  });

  it('removes by code', () => {
    expect(joinValue(removeItems([person('a'), org('1'), role('r')], ['O_1']))).toBe('U_a,R_r');
  });
});
