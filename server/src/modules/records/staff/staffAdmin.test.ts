import { idCheckCharacter, isValidIdNumber } from '@campus/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../../test/helpers.ts';
import { queryRows } from '../../../db/client.ts';

let t: TestApp;
let admin: string;
const EN = { cookie: 'language=en' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, token = admin, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: token, ...headers }, payload: payload as object });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const staffCount = async () => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM staff`))[0]!.n;

/** A valid ID number for a birth date (YYYYMMDD) and a 3-digit sequence. */
const idFor = (birth: string, sequence = '123') => `110101${birth}${sequence}` + idCheckCharacter(`110101${birth}${sequence}`);

const good = (staffNumber: string, extra: Record<string, unknown> = {}) => ({
  staffNumber,
  name: '测试老师',
  gender: '2',
  birthDate: '1990-05-17',
  idNumber: idFor('19900517'),
  phone: '13912345678',
  email: 'teacher@example.com',
  postalCode: '100080',
  address: '北京市海淀区',
  workStartDate: '2012-09-01',
  arrivalDate: '2015-09-01',
  ...extra,
});

// ---- multipart ------------------------------------------------------------------------------------

function multipart(filename: string, content: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----campus${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const importFile = (filename: string, content: Buffer, token = admin, headers: Record<string, string> = {}) => {
  const { body, contentType } = multipart(filename, content);
  return t.inject({ method: 'POST', url: '/api/records/staff/import', headers: { 'content-type': contentType, [t.config.tokenHeader]: token, ...headers }, payload: body });
};

const HEADERS_ZH = ['职工号', '姓名', '性别', '出生日期', '身份证号', '联系电话', '电子邮箱', '邮政编码', '通讯地址', '校区', '编制部门', '工作部门', '所属教研组', '教职工类别', '职称', '学历', '参加工作日期', '来校日期'];

async function workbook(data: (string | number | Date)[][], headers = HEADERS_ZH): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('教职工');
  sheet.addRow(headers);
  for (const row of data) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const importRow = (number: string, overrides: Partial<Record<number, string | number | Date>> = {}) => {
  const row: (string | number | Date)[] = [number, '导入老师', '女', '1988-03-02', idFor('19880302', number.slice(-3).padStart(3, '0')), '13800000001', `${number.toLowerCase()}@example.com`, '100080', '海淀区', '东校区', '教务处', '教务处', '数学组', '专任教师', '一级教师', '大学本科', '2010-09-01', '2011-09-01'];
  for (const [index, value] of Object.entries(overrides)) row[Number(index)] = value!;
  return row;
};

// ---- tests ----------------------------------------------------------------------------------------

describe('the ID number rule (GB 11643)', () => {
  it('checks length, birth date and check digit', () => {
    expect(isValidIdNumber('11010519491231002X')).toBe(true);
    expect(isValidIdNumber('110105194912310021')).toBe(false);
    expect(isValidIdNumber('11010519491331002X')).toBe(false);
    expect(isValidIdNumber('1101051949123100')).toBe(false);
    expect(isValidIdNumber('11010519491231002x')).toBe(true);
  });
});

describe('creating staff', () => {
  it('creates the record and the login: account = staff number, password = last 6 of the ID number', async () => {
    const payload = good('T8001', { idNumber: '11010519491231002x', birthDate: '1949-12-31', workStartDate: '1970-01-01', arrivalDate: '1970-01-01' });
    const created = (await call('/api/records/staff/create', payload)).json();
    expect(created, JSON.stringify(created)).toMatchObject({ result: true, msg: '新增成功' });
    const token = await t.login('T8001', '31002X');
    expect(token).toBeTruthy();
    const permission = (await t.post('/ms/getPermission', undefined, { token })).json().data;
    expect(permission.roles).toContain('teacher');
    const [row] = await rows<{ id_number: string; postal_code: string; user_type: number }>(
      sql`SELECT st.id_number, sc.postal_code, u.user_type FROM staff st JOIN users u ON u.id = st.user_id LEFT JOIN staff_contacts sc ON sc.staff_id = st.id WHERE st.staff_number = 'T8001'`,
    );
    expect(row).toEqual({ id_number: '11010519491231002X', postal_code: '100080', user_type: 3 });
    const got = (await call('/api/records/staff/get', { id: created.data.id })).json().data;
    expect(got).toMatchObject({ staffNumber: 'T8001', genderName: '女', postalCode: '100080', headTeacherOf: [], appointments: [] });
  });

  it('refuses a duplicate employee number with the spec message, in either language', async () => {
    const zh = (await call('/api/records/staff/create', good('T8001'))).json();
    expect(zh).toMatchObject({ result: false, msg: '职工号已存在' });
    const en = (await call('/api/records/staff/create', good('t8001'), admin, EN)).json();
    expect(en.msg).toBe('The employee number already exists');
    // A login account of the same name (not a staff record) is also taken.
    expect((await call('/api/records/staff/create', good('admin'), admin, EN)).json().msg).toBe('The login account admin is already used by another user');
  });

  it('checks every format and date order, and writes nothing on a refusal', async () => {
    const before = await staffCount();
    const bad: [Record<string, unknown>, string][] = [
      [{ idNumber: '110101199005171231' }, 'valid birth date and check digit'],
      [{ idNumber: '11010119900517123' }, 'valid birth date and check digit'],
      [{ idNumber: '' }, 'The ID number is required'],
      [{ phone: '12345' }, 'mobile number'],
      [{ phone: '12912345678' }, 'mobile number'],
      [{ email: 'not-an-email' }, 'valid e-mail'],
      [{ postalCode: '10008' }, 'postal code must be 6 digits'],
      [{ postalCode: '10008a' }, 'postal code must be 6 digits'],
      [{ workStartDate: '1989-01-01' }, 'work start date cannot be before the birth date'],
      [{ arrivalDate: '2011-01-01' }, 'arrival date cannot be before the work start date'],
      [{ birthDate: '1990-02-30' }, 'real date'],
      [{ staffNumber: 'T 8002' }, 'letters and digits only'],
      [{ staffNumber: '' }, 'The employee number is required'],
      [{ name: '' }, 'Name cannot be null'],
      [{ name: '张<三>' }, 'special characters'],
      [{ gender: '3' }, 'choose the gender'],
      [{ campusId: 999999 }, 'does not exist'],
    ];
    for (const [change, message] of bad) {
      const body = (await call('/api/records/staff/create', good('T8002', change), admin, EN)).json();
      expect(body.result, JSON.stringify(change)).toBe(false);
      expect(body.msg, JSON.stringify(change)).toContain(message);
    }
    expect(await staffCount()).toBe(before);
    // A landline is a phone too.
    expect((await call('/api/records/staff/create', good('T8002', { phone: '010-62345678', idNumber: idFor('19900517', '456') }))).json().result).toBe(true);
  });

  it('needs the edit permission; a teacher is refused the page', async () => {
    const teacher = await t.login('T0001', DEMO_PASSWORD);
    const refused = await call('/api/records/staff/create', good('T8003'), teacher, EN);
    expect(refused.statusCode).toBe(403);
    expect((await call('/api/records/staff/page', { currPage: 0, limit: 10 }, teacher)).statusCode).toBe(403);
  });
});

describe('modifying and deleting staff', () => {
  it('modifies fields but never the staff number (the login account)', async () => {
    const [{ id }] = await rows<{ id: number }>(sql`SELECT id FROM staff WHERE staff_number = 'T8002'`);
    const updated = (await call('/api/records/staff/update', { ...good('T8002', { phone: '13711112222', postalCode: '200000', idNumber: idFor('19900517', '456') }), id })).json();
    expect(updated).toMatchObject({ result: true });
    expect((await call('/api/records/staff/get', { id })).json().data).toMatchObject({ phone: '13711112222', postalCode: '200000' });
    expect((await call('/api/records/staff/update', { ...good('T0001'), id }, admin, EN)).json().msg).toBe('The employee number already exists');
    expect((await call('/api/records/staff/update', { ...good('T8002', { arrivalDate: '2000-01-01' }), id }, admin, EN)).json().msg).toContain('arrival date');
  });

  it('refuses to delete a class teacher or a teacher with lessons, and says why; deletes the account with the record', async () => {
    const [t2] = await rows<{ id: number }>(sql`SELECT id FROM staff WHERE staff_number = 'T0002'`);
    const refused = (await call('/api/records/staff/delete', { ids: [t2!.id] }, admin, EN)).json();
    expect(refused.msg).toMatch(/is the class teacher of .*\(1\)/);
    const [t1] = await rows<{ id: number }>(sql`SELECT id FROM staff WHERE staff_number = 'T0001'`);
    expect((await call('/api/records/staff/delete', { ids: [t1!.id] }, admin, EN)).json().msg).toContain('timetable, elective or invigilation');
    const [mine] = await rows<{ id: number }>(sql`SELECT id FROM staff WHERE staff_number = 'T8002'`);
    // One refused member refuses the batch.
    expect((await call('/api/records/staff/delete', { ids: [mine!.id, t1!.id] })).json().result).toBe(false);
    expect(await rows(sql`SELECT 1 FROM staff WHERE staff_number = 'T8002'`)).toHaveLength(1);
    expect((await call('/api/records/staff/delete', { ids: [mine!.id] })).json()).toMatchObject({ result: true, msg: '删除成功' });
    expect(await rows(sql`SELECT 1 FROM users WHERE account = 'T8002'`)).toEqual([]);
  });
});

describe('one-click class assignment', () => {
  it('makes a teacher the class teacher of several classes in one call; the scope and role follow at once', async () => {
    const teacherToken = await t.login('T0001', DEMO_PASSWORD);
    const classIds = (await rows<{ id: number }>(sql`SELECT id FROM classes WHERE code LIKE '%1201' OR code LIKE '%1202' ORDER BY code`)).map((r) => r.id);
    expect(classIds.length).toBe(2);
    const before = (await t.inject({ method: 'POST', url: '/api/students/page', headers: { [t.config.tokenHeader]: teacherToken }, payload: { currPage: 0, limit: 10, search: { classId: classIds[0] } } })).json();
    const assigned = (await call('/api/records/staff/assignClasses', { assignments: classIds.map((classId) => ({ classId, staffNumber: 'T0001' })) })).json();
    expect(assigned).toMatchObject({ result: true, msg: '班主任分配成功' });
    const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM classes c JOIN staff s ON s.id = c.class_teacher_id WHERE s.staff_number = 'T0001'`);
    expect(n).toBe(2);
    const roles = await rows(sql`SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id JOIN users u ON u.id = ur.user_id WHERE u.account = 'T0001' AND r.code = 'class_teacher'`);
    expect(roles).toHaveLength(1);
    const after = (await t.inject({ method: 'POST', url: '/api/students/page', headers: { [t.config.tokenHeader]: teacherToken }, payload: { currPage: 0, limit: 10, search: { classId: classIds[0] } } })).json();
    expect(after.data.total).toBeGreaterThan(before.data?.total ?? 0);
    expect((await call('/api/records/staff/assignClasses', { assignments: [{ classId: classIds[0], staffNumber: 'NOPE1' }] }, admin, EN)).json().msg).toBe('No staff member has the number NOPE1');
  });
});

describe('Excel import', () => {
  it('offers a template whose headers are the import columns in the caller’s language', async () => {
    const response = await t.get('/api/records/staff/template', { token: admin, headers: EN });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Employee number', 'Name', 'Gender']);
  });

  it('with one bad row imports nothing and reports the row, column and reason in the caller’s language', async () => {
    const before = await staffCount();
    const content = await workbook([importRow('T9101'), importRow('T9102', { 4: '110101198803021231' }), importRow('T9103')]);
    const response = await importFile('staff.xlsx', content, admin, EN);
    const body = response.json();
    expect(body.result).toBe(false);
    expect(body.msg).toBe('1 cells have errors; nothing was imported');
    expect(body.data.errors).toEqual([{ row: 3, column: 'ID number', message: 'The ID number must be 18 characters with a valid birth date and check digit' }]);
    expect(await staffCount()).toBe(before);
    expect(await rows(sql`SELECT 1 FROM users WHERE account IN ('T9101', 'T9103')`)).toEqual([]);
  });

  it('reports every bad row: duplicates inside the file and against the database, unknown names, date order', async () => {
    const content = await workbook([
      importRow('T9201'),
      importRow('T9201'),
      importRow('T0001'),
      importRow('T9203', { 9: '火星校区' }),
      importRow('T9204', { 17: '2009-01-01' }),
      importRow('T9205', { 5: '123' }),
    ]);
    const body = (await importFile('staff.xlsx', content)).json();
    expect(body.result).toBe(false);
    expect(body.data.errors).toEqual([
      { row: 3, column: '职工号', message: '职工号 T9201 在文件中重复（第 2 行）' },
      { row: 4, column: '职工号', message: '职工号已存在' },
      { row: 5, column: '校区', message: '未找到名为 火星校区 的数据' },
      { row: 6, column: '来校日期', message: '来校日期不能早于参加工作日期' },
      { row: 7, column: '联系电话', message: '请输入 11 位手机号或固定电话（如 010-62345678）' },
    ]);
    expect(await rows(sql`SELECT 1 FROM staff WHERE staff_number LIKE 'T92%'`)).toEqual([]);
  });

  it('imports a good file in one go; each new account logs in with the last 6 of its ID number', async () => {
    const birth = new Date(Date.UTC(1988, 2, 2));
    const content = await workbook([importRow('T9301'), importRow('T9302', { 3: birth, 2: 'Male', 12: 'mathematics group' }), importRow('T9303')]);
    const body = (await importFile('教职工.xlsx', content)).json();
    expect(body, JSON.stringify(body)).toMatchObject({ result: true, msg: '成功导入 3 名教职工', data: { imported: 3, errors: [] } });
    const [row] = await rows<{ gender: string; birth: string; group: string; type: string; education: string }>(
      sql`SELECT st.gender, to_char(st.birth_date, 'YYYY-MM-DD') AS birth, g.name AS group, st.staff_type AS type, st.education
          FROM staff st JOIN org_units g ON g.id = st.research_group_id WHERE st.staff_number = 'T9302'`,
    );
    expect(row).toEqual({ gender: '1', birth: '1988-03-02', group: '数学组', type: '1', education: '21' });
    const id = idFor('19880302', '301');
    expect(await t.login('T9301', id.slice(-6))).toBeTruthy();
    const listed = (await call('/api/records/staff/page', { currPage: 0, limit: 10, search: { keyword: 'T930' } })).json();
    expect(listed.data.total).toBe(3);
  });

  it('refuses a 0 KB file, a wrong type, a file over 500 KB and a wrong header', async () => {
    expect((await importFile('empty.xlsx', Buffer.alloc(0), admin, EN)).json().msg).toBe('File size cannot be 0KB');
    expect((await importFile('staff.txt', Buffer.from('just text'), admin, EN)).json().msg).toBe('Only .xlsx workbooks can be imported');
    const good = await workbook([importRow('T9401')]);
    expect((await importFile('staff.docx', good, admin, EN)).json().msg).toBe('Only .xlsx workbooks can be imported');
    const large = await importFile('big.xlsx', Buffer.concat([good, randomBytes(520 * 1024)]), admin, EN);
    expect(large.json().msg).toContain('larger than the limit of 500 KB');
    const header = await workbook([importRow('T9402')], ['工号', ...HEADERS_ZH.slice(1)]);
    expect((await importFile('staff.xlsx', header, admin, EN)).json().msg).toContain('header row does not match');
    expect((await importFile('staff.xlsx', await workbook([]), admin, EN)).json().msg).toBe('The workbook holds no staff rows');
    expect(await rows(sql`SELECT 1 FROM staff WHERE staff_number LIKE 'T94%'`)).toEqual([]);
  });

  it('is refused without the edit permission', async () => {
    const teacher = await t.login('T0001', DEMO_PASSWORD);
    const response = await importFile('staff.xlsx', await workbook([importRow('T9501')]), teacher, EN);
    expect(response.statusCode).toBe(403);
    expect(response.json().msg).toBe('You have no right to edit/delete this data');
  });
});

describe('list and export', () => {
  it('searches, sorts, and exports with headers in the caller’s language', async () => {
    const list = (await call('/api/records/staff/page', { currPage: 0, limit: 5, sortField: 'staffNumber', order: 'asc', search: { keyword: 'T000' } })).json();
    expect(list.data.rows[0]).toMatchObject({ staffNumber: 'T0001', name: '王建国' });
    expect(list.data.rows.find((r: { staffNumber: string }) => r.staffNumber === 'T0002').headTeacherOf.length).toBeGreaterThan(0);
    const response = await t.get(`/api/records/staff/export?search=${encodeURIComponent(JSON.stringify({ keyword: 'T000' }))}&sortField=staffNumber&order=asc`, { token: admin, headers: EN });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Employee number');
    expect(sheet.getRow(2).getCell(1).value).toBe('T0001');
    // ID numbers are personal data and stay out of the export.
    expect((sheet.getRow(1).values as unknown[]).includes('ID number')).toBe(false);
  });
});

describe('staff list keyword (issue 18)', () => {
  const list = async (keyword: string, extra: Record<string, unknown> = {}) => {
    const body = (await call('/api/records/staff/page', { currPage: 0, limit: 500, search: { keyword, ...extra } })).json();
    expect(body.result).toBe(true);
    return body.data as { total: number; totalCapped?: boolean; rows: { staffNumber: string; name: string }[] };
  };
  const expected = async (keyword: string) =>
    (await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM staff
      WHERE staff_number ILIKE ${`%${keyword}%`} OR name ILIKE ${`%${keyword}%`} OR name_initials ILIKE ${`%${keyword}%`} OR phone ILIKE ${`%${keyword}%`}`))[0]!.n;

  it('finds staff by one character, two characters and pinyin initials', async () => {
    const [person] = await rows<{ staff_number: string; name: string; name_initials: string }>(sql`
      SELECT staff_number, name, name_initials FROM staff WHERE char_length(name) >= 2 AND char_length(name_initials) >= 2 ORDER BY staff_number LIMIT 1`);
    const [surname, given] = [[...person!.name][0]!, [...person!.name].slice(-2).join('')];
    for (const keyword of [surname, given, person!.name_initials, person!.name_initials.toUpperCase()]) {
      const found = await list(keyword);
      expect(found.total, keyword).toBe(await expected(keyword));
      expect(found.rows.map((row) => row.staffNumber), keyword).toContain(person!.staff_number);
    }
    // The phone, and longer text as before.
    const phone = await list('13912');
    expect(phone.total).toBe(await expected('13912'));
    expect((await list(person!.name)).rows.map((row) => row.staffNumber)).toContain(person!.staff_number);
    expect((await list('%')).total).toBe(0);
    expect((await list('')).totalCapped).toBeUndefined();
  });
});
