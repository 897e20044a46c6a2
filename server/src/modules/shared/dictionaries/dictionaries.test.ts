import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let admin: string;
let student: string;
const EN = { cookie: 'language=en' };

beforeAll(async () => {
  t = await createTestApp();
  [admin, student] = await Promise.all([t.login('admin'), t.login('201911001')]);
  // A hierarchical published table with every field filled, a switched-off item, a draft item, and an
  // unpublished table.
  await t.database.db.execute(sql`
    INSERT INTO dictionary_tables (table_name, name, name_en, published) VALUES
      ('STD_TEST_LEVEL', '测试层级', 'Test level', true),
      ('STD_TEST_DRAFT', '草稿字典', 'Draft', false)`);
  await t.database.db.execute(sql`
    INSERT INTO dictionary_items (table_name, code, name, name_en, sort, parent_code, level, alias, short_name,
                                  tag1, tag2, tag3, tag4, tag5, enabled, published, source, start_date, end_date, remark) VALUES
      ('STD_TEST_LEVEL', 'B', '乙级', NULL, 2, 'A', 2, '乙', '乙', 't1', NULL, NULL, NULL, 't5', true, true, 'GB/T', '2020-01-01', NULL, '备注'),
      ('STD_TEST_LEVEL', 'A', '甲级', 'Level A', 1, NULL, 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, true, true, NULL, NULL, '2030-12-31', NULL),
      ('STD_TEST_LEVEL', 'C', '丙级（停用）', 'Level C', 3, 'A', 2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, false, true, NULL, NULL, NULL, NULL),
      ('STD_TEST_LEVEL', 'D', '丁级（未发布）', NULL, 4, NULL, 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, true, false, NULL, NULL, NULL, NULL),
      ('STD_TEST_DRAFT', '1', '草稿项', NULL, 1, NULL, 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, true, true, NULL, NULL, NULL, NULL)`);
});
afterAll(() => t.close());

const dicts = (url: '/dicts' | '/dict/2.0/dicts', typeArr: string | undefined, token = admin, headers?: Record<string, string>) =>
  t.post(url, typeArr === undefined ? {} : { typeArr }, { token, headers });

describe('POST /dicts', () => {
  it('answers the enabled, published items of each published table, sorted, named in the caller language', async () => {
    const body = (await dicts('/dicts', 'STD_GENDER,STD_TEST_LEVEL')).json();
    expect(body.result).toBe(true);
    expect(Object.keys(body.data)).toEqual(['STD_GENDER', 'STD_TEST_LEVEL']);
    expect(body.data.STD_GENDER).toEqual([
      { code: '1', name: '男', sort: 1, parentCode: null },
      { code: '2', name: '女', sort: 2, parentCode: null },
    ]);
    expect(body.data.STD_TEST_LEVEL).toEqual([
      { code: 'A', name: '甲级', sort: 1, parentCode: null },
      { code: 'B', name: '乙级', sort: 2, parentCode: 'A' },
    ]);
    const en = (await dicts('/dicts', JSON.stringify(['STD_TEST_LEVEL', 'STD_MESSAGE_TYPE']), student, EN)).json();
    // English where an English name exists, the Chinese name otherwise.
    expect(en.data.STD_TEST_LEVEL.map((item: { name: string }) => item.name)).toEqual(['Level A', '乙级']);
    expect(en.data.STD_MESSAGE_TYPE[0]).toEqual({ code: '1', name: 'System notice', sort: 1, parentCode: null });
  });

  it('answers an unknown or unpublished table as an empty list under its own name', async () => {
    const body = (await dicts('/dicts', ' STD_TEST_DRAFT , STD_NO_SUCH_TABLE,STD_TEST_DRAFT')).json();
    expect(body.data).toEqual({ STD_TEST_DRAFT: [], STD_NO_SUCH_TABLE: [] });
  });

  it('refuses missing, malformed and too many table names in the caller language', async () => {
    const refused = async (typeArr: string | undefined, msg: string, headers?: Record<string, string>) => {
      const response = await dicts('/dicts', typeArr, admin, headers);
      expect(response.statusCode, typeArr).toBe(400);
      expect(response.json()).toEqual({ code: 400, result: false, data: null, msg });
    };
    await refused(undefined, '请至少指定一个字典表名');
    await refused(' , ', 'Please name at least one dictionary table', EN);
    const badName = '字典表名须以STD_加大写字母开头，只能包含大写字母、数字和下划线，最长40个字符';
    await refused('std_gender', badName);
    await refused('STD_', badName);
    await refused('STD_1ABC', badName);
    await refused("STD_GENDER' OR '1'='1", badName);
    await refused('STD_GENDER;DROP TABLE users', badName);
    await refused('<script>STD_X</script>', badName);
    await refused(`STD_${'A'.repeat(37)}`, badName);
    await refused('["STD_GENDER"', badName);
    await refused('[1]', badName);
    await refused('["STD_GENDER", null]', badName);
    await refused(Array.from({ length: 51 }, (_, i) => `STD_T${i}`).join(','), 'At most 50 dictionaries can be read at once', EN);
    await refused('STD_X,'.repeat(800), 'The value is too long', EN);
    // The longest valid name (40 characters) and 50 names are fine.
    expect((await dicts('/dicts', `STD_${'A'.repeat(36)}`)).json().result).toBe(true);
    expect((await dicts('/dicts', Array.from({ length: 50 }, (_, i) => `STD_T${i}`).join(','))).json().result).toBe(true);
  });

  it('needs a login', async () => {
    expect((await dicts('/dicts', 'STD_GENDER', '')).json()).toMatchObject({ result: false, code: 50014 });
    expect((await dicts('/dict/2.0/dicts', 'STD_GENDER', '')).json()).toMatchObject({ result: false, code: 50014 });
  });
});

describe('POST /dict/2.0/dicts', () => {
  it('answers every field of published items, switched-off ones included with state 0', async () => {
    const body = (await dicts('/dict/2.0/dicts', '["STD_TEST_LEVEL","STD_TEST_DRAFT"]', student)).json();
    expect(body.result).toBe(true);
    expect(body.data.STD_TEST_DRAFT).toEqual([]);
    expect(body.data.STD_TEST_LEVEL).toEqual([
      {
        code: 'A', name: '甲级', sort: 1, parentCode: null, lev: 1, alias: null, shortName: null, nameEn: 'Level A',
        tag1: null, tag2: null, tag3: null, tag4: null, tag5: null, state: 1, publishStatus: 1, source: null, startDate: null, endDate: '2030-12-31', remarks: null,
      },
      {
        code: 'B', name: '乙级', sort: 2, parentCode: 'A', lev: 2, alias: '乙', shortName: '乙', nameEn: null,
        tag1: 't1', tag2: null, tag3: null, tag4: null, tag5: 't5', state: 1, publishStatus: 1, source: 'GB/T', startDate: '2020-01-01', endDate: null, remarks: '备注',
      },
      {
        code: 'C', name: '丙级（停用）', sort: 3, parentCode: 'A', lev: 2, alias: null, shortName: null, nameEn: 'Level C',
        tag1: null, tag2: null, tag3: null, tag4: null, tag5: null, state: 0, publishStatus: 1, source: null, startDate: null, endDate: null, remarks: null,
      },
    ]);
    // The stored name is answered as is (nameEn beside it), whatever the caller's language.
    const en = (await dicts('/dict/2.0/dicts', 'STD_TEST_LEVEL', admin, EN)).json();
    expect(en.data.STD_TEST_LEVEL[0]).toMatchObject({ name: '甲级', nameEn: 'Level A' });
  });

  it('refuses bad table names like /dicts', async () => {
    const response = await dicts('/dict/2.0/dicts', 'STD_gender', admin, EN);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/^A dictionary table name starts with STD_/);
  });
});
