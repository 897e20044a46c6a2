import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let admin: string;
const EN = { cookie: 'language=en' };
const BASE = '/api/system/dictionaries';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, token = admin, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { 'x-token-xx': token, ...headers }, payload: payload as object });
const itemId = async (tableName: string, code: string) =>
  (await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM dictionary_items WHERE table_name = ${tableName} AND code = ${code}`))[0]?.id;
const countRows = async (table: 'dictionary_items' | 'dictionary_tables') => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n;
const dicts = async (typeArr: string) => (await t.post('/dicts', { typeArr }, { token: admin })).json().data;

const TABLE = { tableName: 'STD_BLOOD_TYPE', name: '血型', nameEn: 'Blood type', remark: '', published: false };
const ITEM = { tableName: 'STD_BLOOD_TYPE', code: 'A', name: 'A型', nameEn: 'Type A', sort: 1, enabled: true, published: true };

describe('dictionary tables', () => {
  it('checks the table name: STD_ plus a capital letter, capitals, digits, underscore, at most 40, unique', async () => {
    const before = await countRows('dictionary_tables');
    const refused = async (tableName: string, msg: string | RegExp) => {
      const body = (await call(`${BASE}/tables/create`, { ...TABLE, tableName }, admin, EN)).json();
      expect(body.result, tableName).toBe(false);
      expect(body.msg, tableName).toMatch(msg);
    };
    for (const bad of ['BLOOD', 'std_blood', 'STD_', 'STD_1A', 'STD_blood', 'STD_A-B', 'STD_A B']) await refused(bad, /^A dictionary table name starts with STD_/);
    await refused('', 'The table name is required');
    await refused(`STD_${'A'.repeat(37)}`, 'The table name may hold at most 40 characters');
    expect((await call(`${BASE}/tables/create`, { ...TABLE, name: ' ' }, admin, EN)).json().msg).toBe('Name cannot be null');
    expect(await countRows('dictionary_tables')).toBe(before);
    expect((await call(`${BASE}/tables/create`, { ...TABLE, tableName: `STD_${'A'.repeat(36)}`, nameEn: 'Longest' })).json()).toMatchObject({ result: true, msg: '新增成功' });
    expect((await call(`${BASE}/tables/create`, TABLE)).json().result).toBe(true);
    expect((await call(`${BASE}/tables/create`, TABLE, admin, EN)).json()).toMatchObject({ result: false, msg: 'The dictionary table STD_BLOOD_TYPE already exists' });
    const listed = (await call(`${BASE}/tables/page`, { currPage: 0, limit: 50, search: { keyword: 'blood' } })).json().data;
    expect(listed).toEqual({ total: 1, rows: [{ tableName: 'STD_BLOOD_TYPE', name: '血型', nameEn: 'Blood type', remark: null, published: false, itemCount: 0 }] });
    expect((await call(`${BASE}/tables/update`, { ...TABLE, name: '血型分类', remark: '体检用' })).json().result).toBe(true);
    expect((await call(`${BASE}/tables/get`, { tableName: 'STD_BLOOD_TYPE' })).json().data).toMatchObject({ name: '血型分类', remark: '体检用' });
    expect((await call(`${BASE}/tables/update`, { ...TABLE, tableName: 'STD_NOT_THERE' }, admin, EN)).json().msg).toBe('Data does not exist');
  });

  it('refuses deleting a table the application reads, deletes another with its items', async () => {
    const refused = (await call(`${BASE}/tables/delete`, { tableNames: ['STD_GENDER'] }, admin, EN)).json();
    expect(refused).toMatchObject({ result: false, msg: 'The dictionary Gender (STD_GENDER) is read by the application and cannot be deleted'.replace('Gender', '性别') });
    const name = `STD_${'A'.repeat(36)}`;
    await call(`${BASE}/items/create`, { ...ITEM, tableName: name });
    expect((await call(`${BASE}/tables/delete`, { tableNames: [name] })).json()).toMatchObject({ result: true, msg: '删除成功' });
    expect(await itemId(name, 'A')).toBeUndefined();
  });
});

describe('dictionary items', () => {
  it('checks every field: code required and unique in its table, dates in order, parent in the table', async () => {
    const before = await countRows('dictionary_items');
    const refused = async (body: object, msg: string) => {
      const response = (await call(`${BASE}/items/create`, { ...ITEM, ...body }, admin, EN)).json();
      expect(response, JSON.stringify(body)).toMatchObject({ result: false, msg });
    };
    await refused({ code: '' }, 'The code is required');
    await refused({ code: 'A B' }, 'The code may hold letters, digits, underscore, dot and hyphen only');
    await refused({ name: '' }, 'Name cannot be null');
    await refused({ sort: 10000 }, 'The sort must be a whole number from 0 to 9999');
    await refused({ level: 0 }, 'The level must be a whole number from 1 to 9');
    await refused({ startDate: '2026-13-01' }, 'Please enter a date as YYYY-MM-DD');
    await refused({ startDate: '2026-05-02', endDate: '2026-05-01' }, 'The end date cannot be earlier than the start date');
    await refused({ parentCode: 'A' }, 'An item cannot be its own parent');
    await refused({ parentCode: 'ZZ' }, 'The parent code ZZ is not an item of this dictionary');
    await refused({ tableName: 'STD_NOT_THERE' }, 'Data does not exist');
    await refused({ tag1: 'x'.repeat(101) }, 'The value is too long');
    expect(await countRows('dictionary_items')).toBe(before);

    const full = {
      ...ITEM, sort: 2, level: 1, alias: '甲', shortName: 'A', tag1: 't1', tag2: 't2', tag3: 't3', tag4: 't4', tag5: 't5',
      source: 'GB/T 1', startDate: '2026-01-01', endDate: '2026-01-01', remark: '备注',
    };
    const created = (await call(`${BASE}/items/create`, full)).json();
    expect(created).toMatchObject({ result: true, msg: '新增成功' });
    expect((await call(`${BASE}/items/get`, { id: created.data.id })).json().data).toEqual({
      id: created.data.id, tableName: 'STD_BLOOD_TYPE', code: 'A', name: 'A型', sort: 2, parentCode: null, level: 1, alias: '甲', shortName: 'A', nameEn: 'Type A',
      tag1: 't1', tag2: 't2', tag3: 't3', tag4: 't4', tag5: 't5', enabled: true, published: true, source: 'GB/T 1', startDate: '2026-01-01', endDate: '2026-01-01', remark: '备注',
    });
    expect((await call(`${BASE}/items/create`, full, admin, EN)).json()).toMatchObject({ result: false, msg: 'Code has already been occupied' });
    // The same code is fine in another table.
    expect((await call(`${BASE}/items/create`, { ...ITEM, tableName: 'STD_GENDER', code: 'A', published: false })).json().result).toBe(true);
    const child = (await call(`${BASE}/items/create`, { ...ITEM, code: 'A1', name: 'A1亚型', parentCode: 'A', level: 2 })).json();
    expect(child.result).toBe(true);
    // Recoding the parent carries its children along; a loop of parents is refused.
    const parentId = created.data.id;
    expect((await call(`${BASE}/items/update`, { ...full, id: parentId, code: 'AA' })).json().result).toBe(true);
    expect((await call(`${BASE}/items/get`, { id: child.data.id })).json().data.parentCode).toBe('AA');
    expect((await call(`${BASE}/items/update`, { ...full, id: parentId, code: 'AA', parentCode: 'A1' }, admin, EN)).json().msg).toBe('The parent code would make a loop of parents');
    expect((await call(`${BASE}/items/update`, { ...full, id: child.data.id, code: 'AA' }, admin, EN)).json().msg).toBe('Code has already been occupied');
    const hasChild = (await call(`${BASE}/items/delete`, { ids: [parentId] }, admin, EN)).json();
    expect(hasChild.msg).toBe('The item AA is the parent of other items; change them first');
    expect((await call(`${BASE}/items/delete`, { ids: [parentId, child.data.id] })).json().result).toBe(true);
  });

  it('lists a table’s items paged, searched and sorted, and refuses unknown sort columns', async () => {
    await call(`${BASE}/items/create`, { ...ITEM, code: 'B', name: 'B型', sort: 2 });
    await call(`${BASE}/items/create`, { ...ITEM, code: 'O', name: 'O型', sort: 1, enabled: false });
    const page = (await call(`${BASE}/items/page`, { currPage: 0, limit: 10, search: { tableName: 'STD_BLOOD_TYPE' } })).json().data;
    expect(page.rows.map((row: { code: string }) => row.code)).toEqual(['O', 'B']);
    const searched = (await call(`${BASE}/items/page`, { currPage: 0, limit: 10, search: { tableName: 'STD_BLOOD_TYPE', keyword: 'B型' } })).json().data;
    expect(searched).toMatchObject({ total: 1, rows: [{ code: 'B' }] });
    const sorted = (await call(`${BASE}/items/page`, { currPage: 0, limit: 10, sortField: 'code', order: 'desc', search: JSON.stringify({ tableName: 'STD_BLOOD_TYPE', enabled: true }) })).json().data;
    expect(sorted.rows.map((row: { code: string }) => row.code)).toEqual(['B']);
    expect((await call(`${BASE}/items/page`, { currPage: 0, limit: 10, sortField: 'remark; DROP', order: 'asc' }, admin, EN)).json().result).toBe(false);
  });

  it('publishes and withdraws: /dicts and /dict/2.0/dicts answer only published items of published tables', async () => {
    // The table is still unpublished.
    expect((await dicts('STD_BLOOD_TYPE')).STD_BLOOD_TYPE).toEqual([]);
    expect((await call(`${BASE}/tables/publish`, { tableNames: ['STD_BLOOD_TYPE'], published: true })).json()).toMatchObject({ result: true, msg: '字典已发布' });
    expect((await dicts('STD_BLOOD_TYPE')).STD_BLOOD_TYPE.map((item: { code: string }) => item.code)).toEqual(['B']);
    const full = (await t.post('/dict/2.0/dicts', { typeArr: 'STD_BLOOD_TYPE' }, { token: admin })).json().data.STD_BLOOD_TYPE;
    expect(full.map((item: { code: string; state: number }) => [item.code, item.state])).toEqual([['O', 0], ['B', 1]]);
    const b = (await itemId('STD_BLOOD_TYPE', 'B'))!;
    const o = (await itemId('STD_BLOOD_TYPE', 'O'))!;
    expect((await call(`${BASE}/items/publish`, { ids: [b, o], published: false })).json()).toMatchObject({ result: true, msg: '字典项已取消发布' });
    expect((await dicts('STD_BLOOD_TYPE')).STD_BLOOD_TYPE).toEqual([]);
    expect((await t.post('/dict/2.0/dicts', { typeArr: 'STD_BLOOD_TYPE' }, { token: admin })).json().data.STD_BLOOD_TYPE).toEqual([]);
    await call(`${BASE}/items/publish`, { ids: [b], published: true });
    expect((await dicts('STD_BLOOD_TYPE')).STD_BLOOD_TYPE.map((item: { code: string }) => item.code)).toEqual(['B']);
    await call(`${BASE}/tables/publish`, { tableNames: ['STD_BLOOD_TYPE'], published: false });
    expect((await dicts('STD_BLOOD_TYPE')).STD_BLOOD_TYPE).toEqual([]);
    expect((await call(`${BASE}/items/publish`, { ids: [b, 99999999], published: true }, admin, EN)).json().msg).toBe('Data does not exist');
    expect((await call(`${BASE}/items/get`, { id: b })).json().data.published).toBe(true);
  });

  it('refuses deleting or recoding an item a record uses', async () => {
    const before = await countRows('dictionary_items');
    for (const [table, code] of [['STD_GENDER', '1'], ['STD_STAFF_TYPE', '1'], ['STD_ROLE_TYPE', 'ordinary'], ['STD_ROLE_TYPE', 'dynamic'], ['STD_IN_SCHOOL_STATUS', '1']] as const) {
      const id = (await itemId(table, code))!;
      const refused = (await call(`${BASE}/items/delete`, { ids: [id] }, admin, EN)).json();
      expect(refused, `${table} ${code}`).toMatchObject({ result: false, msg: 'The selected option has been in use' });
    }
    expect((await call(`${BASE}/items/delete`, { ids: [(await itemId('STD_GENDER', '2'))!] })).json().msg).toBe('所选项已被使用');
    expect(await countRows('dictionary_items')).toBe(before);
    const male = (await call(`${BASE}/items/get`, { id: await itemId('STD_GENDER', '1') })).json().data;
    const recode = (await call(`${BASE}/items/update`, { ...male, code: 'M' }, admin, EN)).json();
    expect(recode.msg).toBe('The selected option has been in use: its code cannot be changed');
    // Renaming it is fine; an unused item can be deleted.
    expect((await call(`${BASE}/items/update`, { ...male, nameEn: 'Man' })).json().result).toBe(true);
    expect((await call(`${BASE}/items/delete`, { ids: [(await itemId('STD_GENDER', 'A'))!] })).json().result).toBe(true);
    // Role types are a closed set: no new ones, no new codes.
    expect((await call(`${BASE}/items/create`, { ...ITEM, tableName: 'STD_ROLE_TYPE', code: 'other' }, admin, EN)).json().msg).toMatch(/^The items of 角色类型 are fixed by the application/);
  });

  it('needs the dictionary permissions (403) and exports items in the caller’s language', async () => {
    const teacher = await t.login('T0001');
    expect((await call(`${BASE}/items/page`, { currPage: 0, limit: 10 }, teacher)).statusCode).toBe(403);
    const refused = await call(`${BASE}/items/create`, { ...ITEM, code: 'X' }, teacher, EN);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('You have no right to edit/delete this data');
    expect((await call(`${BASE}/tables/delete`, { tableNames: ['STD_BLOOD_TYPE'] }, teacher, EN)).json().msg).toBe('You have no right to edit/delete this data');

    const response = await t.get(`${BASE}/items/export?search=${encodeURIComponent(JSON.stringify({ tableName: 'STD_GENDER' }))}&sortField=code&order=asc`, { token: admin, headers: EN });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename="Dictionary items-\d{8}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as string[]).slice(1, 6)).toEqual(['Table name', 'Code', 'Name', 'English name', 'Sort']);
    expect((sheet.getRow(1).values as string[]).slice(10, 17)).toEqual(['Tag 1', 'Tag 2', 'Tag 3', 'Tag 4', 'Tag 5', 'State', 'Publish status']);
    expect(sheet.getRow(2).getCell(2).value).toBe('1');
    expect(sheet.getRow(2).getCell(16).value).toBe('Published');
    expect((await t.get(`${BASE}/items/export`, { token: teacher })).statusCode).toBe(403);
  });
});

describe('role types', () => {
  const list = async (token = admin, headers: Record<string, string> = {}) => (await call('/api/system/roleTypes/page', { currPage: 0, limit: 10 }, token, headers)).json();

  it('lists the two built-in types and edits their names, sort and switch; getRoleType follows', async () => {
    const { data } = await list();
    expect(data.rows.map((row: { code: string; roleCount: number }) => row.code)).toEqual(['ordinary', 'dynamic']);
    expect(data.rows[0].roleCount).toBeGreaterThan(0);
    const dynamic = data.rows[1];
    const form = { id: dynamic.id, name: '动态SQL角色', nameEn: 'Dynamic SQL role', sort: 0, enabled: true, remark: '' };
    expect((await call('/api/system/roleTypes/update', form)).json()).toMatchObject({ result: true, msg: '修改成功' });
    expect((await t.post('/components/getRoleType', undefined, { token: admin, headers: EN })).json().data).toEqual([
      { CODE: 'dynamic', NAME: 'Dynamic SQL role' },
      { CODE: 'ordinary', NAME: 'Ordinary role' },
    ]);
    expect((await call('/api/system/roleTypes/update', { ...form, enabled: false })).json().result).toBe(true);
    expect((await t.post('/components/getRoleType', undefined, { token: admin })).json().data).toEqual([{ CODE: 'ordinary', NAME: '普通角色' }]);
    await call('/api/system/roleTypes/update', { ...form, sort: 2 });
  });

  it('keeps the ordinary type enabled, refuses other dictionaries’ items and users without the permission', async () => {
    const ordinary = (await list()).data.rows.find((row: { code: string }) => row.code === 'ordinary');
    const refused = (await call('/api/system/roleTypes/update', { id: ordinary.id, name: '普通角色', sort: 1, enabled: false }, admin, EN)).json();
    expect(refused).toMatchObject({ result: false, msg: 'The ordinary role type holds the administrator role and cannot be switched off' });
    const viaDictionary = (await call(`${BASE}/items/get`, { id: ordinary.id })).json().data;
    expect((await call(`${BASE}/items/update`, { ...viaDictionary, enabled: false }, admin, EN)).json().result).toBe(false);
    expect((await call(`${BASE}/items/update`, { ...viaDictionary, code: 'plain' }, admin, EN)).json().msg).toMatch(/are fixed by the application/);
    const gender = (await itemId('STD_GENDER', '1'))!;
    expect((await call('/api/system/roleTypes/update', { id: gender, name: 'x', sort: 1, enabled: true }, admin, EN)).json().msg).toBe('Data does not exist');
    expect((await call('/api/system/roleTypes/update', { id: ordinary.id, name: ' ', sort: 1, enabled: true }, admin, EN)).json().msg).toBe('Name cannot be null');
    const teacher = await t.login('T0001');
    expect((await list(teacher)).code).toBe(403);
    const response = await t.get('/api/system/roleTypes/export', { token: admin, headers: EN });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as string[]).slice(1)).toEqual(['Type code', 'How its roles work', 'Name', 'English name', 'Sort', 'State', 'Roles', 'Remarks']);
    expect(workbook.worksheets[0]!.getRow(2).getCell(1).value).toBe('ordinary');
  });
});
