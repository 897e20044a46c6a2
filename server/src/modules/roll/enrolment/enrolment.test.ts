import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isResidentId } from '@campus/contract';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const EN = { cookie: 'language=en' };
const ZH = { cookie: 'language=zh' };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account = 'admin', headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const count = async () => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM enrolment_candidates`))[0]!.n;

/** A valid resident ID from 17 digits (the check character computed). */
function residentId(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(first17[i]), 0);
  return first17 + '10X98765432'[sum % 11];
}

async function firstGrade(): Promise<{ id: number; name: string; classId: number; otherGradeClassId: number }> {
  const [grade] = await rows<{ id: number; name: string }>(sql`SELECT id, name FROM grades ORDER BY sort LIMIT 1`);
  const [klass] = await rows<{ id: number }>(sql`SELECT id FROM classes WHERE grade_id = ${grade!.id} ORDER BY sort LIMIT 1`);
  const [other] = await rows<{ id: number }>(sql`SELECT id FROM classes WHERE grade_id <> ${grade!.id} ORDER BY sort LIMIT 1`);
  return { ...grade!, classId: klass!.id, otherGradeClassId: other!.id };
}

const registration = (gradeId: number, extra: Record<string, unknown> = {}) => ({
  name: '林小雨',
  gender: '2',
  birthDate: '2020-03-12',
  idNumber: '',
  gradeId,
  entryYear: 2026,
  onRegister: true,
  studying: true,
  guardianName: '林海',
  guardianPhone: '13912345678',
  previousSchool: '阳光幼儿园',
  note: '',
  ...extra,
});

async function sheetOf(rowsOfCells: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('登记');
  sheet.addRow(['姓名', '性别', '出生日期', '身份证号', '年级', '入学年份', '是否在册', '是否在读', '监护人', '监护人电话', '原学校', '备注']);
  for (const cells of rowsOfCells) sheet.addRow(cells);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function multipart(file: Buffer, name = 'registrations.xlsx'): { payload: Buffer; contentType: string } {
  const boundary = '----campusEnrolment';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nenrolmentImport\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
const importSheet = (file: Buffer, headers: Record<string, string> = {}, name?: string) => {
  const { payload, contentType } = multipart(file, name);
  return t.inject({ method: 'POST', url: '/api/roll/enrolment/import', headers: { [t.config.tokenHeader]: tokens.admin!, 'content-type': contentType, ...headers }, payload });
};

describe('enrolment: register, place, enrol', () => {
  it('checks resident IDs by their check character', () => {
    expect(isResidentId(residentId('11010520200312002'))).toBe(true);
    const valid = residentId('11010520200312002');
    expect(isResidentId(`${valid.slice(0, 17)}${valid[17] === '0' ? '1' : '0'}`)).toBe(false);
    expect(isResidentId('11010520200312002')).toBe(false);
  });

  it('refuses bad registrations in both languages and writes nothing; only the enrolment page may register', async () => {
    const grade = await firstGrade();
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'The name is required', '名称不能为空'],
      [{ idNumber: `${residentId('11010520200312002').slice(0, 17)}${residentId('11010520200312002').endsWith('0') ? '1' : '0'}` }, 'Enter an 18-character resident ID number (its last character checks the others)', '请输入18位身份证号（最后一位为校验码）'],
      [{ guardianPhone: '12345' }, "Enter the guardian's mobile number (11 digits)", '请输入监护人的11位手机号'],
      [{ guardianName: '' }, "The guardian's name is required", '请填写监护人姓名'],
      [{ gradeId: 999999 }, 'The grade does not exist', '年级不存在'],
    ];
    for (const [change, en, zh] of cases) {
      const enAnswer = (await call('/api/roll/enrolment/create', registration(grade.id, change), 'admin', EN)).json();
      expect(enAnswer.result).toBe(false);
      if (!('name' in change)) expect(enAnswer.msg).toBe(en);
      const zhAnswer = (await call('/api/roll/enrolment/create', registration(grade.id, change), 'admin', ZH)).json();
      expect(zhAnswer.result).toBe(false);
      if (!('name' in change)) expect(zhAnswer.msg).toBe(zh);
    }
    expect((await call('/api/roll/enrolment/create', registration(grade.id), 'T0002')).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it('places registrations in a class of their grade with room, then enrols them with accounts', async () => {
    const grade = await firstGrade();
    const idNumber = residentId('11010520200312002');
    const a = (await call('/api/roll/enrolment/create', registration(grade.id, { idNumber }))).json().data.id as number;
    const b = (await call('/api/roll/enrolment/create', registration(grade.id, { name: '林小风', gender: '1', onRegister: false, studying: true }))).json().data.id as number;
    // The same ID number twice.
    expect((await call('/api/roll/enrolment/create', registration(grade.id, { idNumber }), 'admin', EN)).json()).toMatchObject({
      result: false,
      msg: 'A registration or student with this ID number exists already',
    });
    // Not placed yet.
    expect((await call('/api/roll/enrolment/enrol', { ids: [a] }, 'admin', EN)).json().msg).toMatch(/has no class yet/);
    // Another grade's class, and a class without room.
    expect((await call('/api/roll/enrolment/place', { ids: [a, b], classId: grade.otherGradeClassId }, 'admin', EN)).json().msg).toMatch(/registered for another grade/);
    const [size] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM students WHERE class_id = ${grade.classId}`);
    await t.database.db.execute(sql`UPDATE classes SET capacity = ${size!.n + 1} WHERE id = ${grade.classId}`);
    try {
      const full = (await call('/api/roll/enrolment/place', { ids: [a, b], classId: grade.classId }, 'admin', EN)).json();
      expect(full).toMatchObject({ result: false });
      expect(full.msg).toMatch(/^Class size is full or over/);
    } finally {
      await t.database.db.execute(sql`UPDATE classes SET capacity = 50 WHERE id = ${grade.classId}`);
    }
    expect((await call('/api/roll/enrolment/place', { ids: [a, b], classId: grade.classId })).json()).toMatchObject({ result: true, data: { count: 2 } });
    const placed = (await call('/api/roll/enrolment/page', { currPage: 0, limit: 10, search: { status: 'placed' } })).json().data;
    expect(placed.rows.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([a, b]));

    const enrolled = await call('/api/roll/enrolment/enrol', { ids: [a, b] }, 'admin', EN);
    expect(enrolled.json()).toMatchObject({ result: true, data: { count: 2 }, msg: '2 enrolled: their student and parent accounts were created' });
    const rowA = (await call('/api/roll/enrolment/get', { id: a })).json().data;
    const rowB = (await call('/api/roll/enrolment/get', { id: b })).json().data;
    expect(rowA).toMatchObject({ status: 'enrolled', classId: grade.classId });
    expect(rowA.studentNumber).toMatch(/^2026\d+/);
    expect(rowA.parentAccount).toBe(`jz${rowA.studentNumber}`);
    const [studentB] = await rows<{ enrolment: string; inSchool: string; classId: number }>(sql`
      SELECT enrolment_status AS enrolment, in_school_status AS "inSchool", class_id AS "classId" FROM students WHERE student_number = ${rowB.studentNumber}`);
    expect(studentB).toEqual({ enrolment: '4', inSchool: '1', classId: grade.classId });
    // The new accounts sign in with the last six characters of the number.
    const login = await t.post('/api/login/v4', { username: rowA.studentNumber, password: rowA.studentNumber.slice(-6) });
    expect(login.json().result).toBe(true);
    // Enrolled registrations stay as they are.
    expect((await call('/api/roll/enrolment/enrol', { ids: [a] }, 'admin', EN)).json().msg).toMatch(/has been enrolled already/);
    expect((await call('/api/roll/enrolment/delete', { ids: [a] })).json().result).toBe(false);
    expect((await call('/api/roll/enrolment/update', { id: a, ...registration(grade.id) })).json().result).toBe(false);
  });
});

describe('enrolment: Excel import', () => {
  it('imports nothing when a row is bad and lists every bad cell with its row; a good sheet imports every row', async () => {
    const grade = await firstGrade();
    const before = await count();
    const bad = await sheetOf([
      ['王一', '男', '2020-01-02', '', grade.name, 2026, '是', '是', '王父', '13800000001', '', ''],
      ['王二', '未知', '2020-01-02', '', grade.name, 2026, '是', '也许', '王父', '138', '', ''],
      ['王三', '女', '2020-01-02', '', '九十年级', 2026, '否', '是', '王母', '13800000003', '', ''],
    ]);
    const refused = await importSheet(bad, EN);
    expect(refused.statusCode).toBe(400);
    const body = refused.json();
    expect(body).toMatchObject({ result: false, msg: 'Nothing was imported: correct the rows listed and import the sheet again', data: { imported: 0 } });
    const cells = body.data.errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`);
    expect(cells).toEqual(expect.arrayContaining(['3:Gender', '3:Studying', "3:Guardian's phone", '4:Grade']));
    expect(cells.some((c: string) => c.startsWith('2:'))).toBe(false);
    expect(await count()).toBe(before);

    const good = await sheetOf([
      ['赵一', '男', '2020-05-06', residentId('11010520200506001'), grade.name, 2026, '是', '是', '赵父', '13800000011', '实验幼儿园', ''],
      ['赵二', '女', '', '', grade.name, 2026, '否', '否', '赵母', '13800000012', '', '随迁子女'],
    ]);
    const imported = await importSheet(good, ZH);
    expect(imported.json()).toMatchObject({ result: true, data: { imported: 2, errors: [] }, msg: '已导入2条登记' });
    expect(await count()).toBe(before + 2);
    // The same sheet again: its ID number is taken now, nothing more is imported.
    const again = await importSheet(good, EN);
    expect(again.json().data.errors[0]).toMatchObject({ row: 2, column: 'ID number' });
    expect(await count()).toBe(before + 2);
    // Not a workbook.
    expect((await importSheet(Buffer.from('name,gender\n'), EN, 'list.csv')).json().result).toBe(false);
  });

  it('serves the template in the caller language', async () => {
    const template = await t.inject({ method: 'GET', url: '/api/roll/enrolment/template', headers: { [t.config.tokenHeader]: tokens.admin!, cookie: 'language=en' } });
    expect(template.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(1).getCell(1).value).toBe('Name');
  });
});

describe('enrolment demo data', () => {
  it('has registrations in every status', async () => {
    const statuses = (await call('/api/roll/enrolment/page', { currPage: 0, limit: 100, search: {} })).json().data.rows.map((r: { status: string }) => r.status);
    for (const status of ['registered', 'placed', 'enrolled']) expect(statuses).toContain(status);
  });
});
