import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, loginDemoAccounts, uploadFile, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const EN = { cookie: 'language=en' };
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]), randomBytes(64), Buffer.from([0xff, 0xd9])]);

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url: `/api/safety/insurance/${url}`, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0]!;
const upload = async (account: string, name = 'photo.jpg', content = JPEG) => (await uploadFile(t, tokens[account]!, 'insurance', name, content)).json();

describe('insurance claims (保险理赔)', () => {
  it('shows the office every claim and statistics, a family only its own, and keeps the office calls to the office', async () => {
    const office = (await call('claims/page', { currPage: 0, limit: 50 }, 'admin')).json();
    expect(office.result).toBe(true);
    expect(new Set(office.data.rows.map((r: { status: string }) => r.status))).toEqual(new Set(['submitted', 'received', 'paid', 'rejected']));
    const family = (await call('claims/page', { currPage: 0, limit: 50 }, 'jz201911001')).json().data.rows;
    expect(family.length).toBe(2);
    expect(family.every((r: { studentNumber: string }) => r.studentNumber === '201911001')).toBe(true);
    const other = office.data.rows.find((r: { studentNumber: string }) => r.studentNumber !== '201911001');
    expect((await call('claims/get', { id: other.id }, 'jz201911001')).statusCode).toBe(404);
    const detail = (await call('claims/get', { id: family[0].id }, 'jz201911001')).json().data;
    expect(detail.events.length).toBeGreaterThan(0);
    expect((await call('policies/page', { currPage: 0, limit: 10 }, 'jz201911001')).statusCode).toBe(403);
    expect((await call('claims/action', { id: other.id, action: 'receive' }, 'T0001')).statusCode).toBe(403);
    const stats = (await call('policies/stats', {}, 'admin')).json().data;
    const current = stats.find((s: { policyNo: string }) => s.policyNo === 'PA-2026-0901');
    expect(current.claims.paid).toBe(1);
    expect(current.amountPaid).toBe(1350);
    expect(current.insuredCount).toBeGreaterThan(100);
    const exported = await t.inject({ method: 'GET', url: '/api/safety/insurance/claims/export', headers: { [t.config.tokenHeader]: tokens.admin! } });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });

  it('lets a parent file a claim with pictures for an insured child, refuses bad ones, and walks it to paid with messages', async () => {
    const children = (await call('claims/children', {}, 'jz201911001')).json().data;
    expect(children).toHaveLength(1);
    const policy = children[0].policies[0];
    expect(policy.policyNo).toBe('PA-2026-0901');
    const files = [(await upload('jz201911001')).data[0].RESID, (await upload('jz201911001', 'bill.jpg')).data[0].RESID];
    const base = { studentId: children[0].id, policyId: policy.id, accidentDate: '2026-11-01', place: '操场', description: '跑步摔倒擦伤膝盖', amountClaimed: 300.5, files };
    const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM insurance_claims`);
    const refused = async (body: unknown, message: string, account = 'jz201911001') => {
      const response = (await call('claims/create', body, account, EN)).json();
      expect(response.result).toBe(false);
      expect(response.msg).toContain(message);
    };
    await refused({ ...base, files: Array(6).fill(files[0]) }, 'at most 5 files');
    await refused({ ...base, amountClaimed: 0 }, 'from 0.01');
    await refused({ ...base, amountClaimed: 10.123 }, 'two decimals');
    await refused({ ...base, accidentDate: '2099-01-01' }, 'future');
    await refused({ ...base, accidentDate: '2026-02-30' }, 'real date');
    await refused({ ...base, place: '' }, 'where the accident');
    const lastYear = await one<{ id: number }>(sql`SELECT id FROM insurance_policies WHERE policy_no = 'PL-2025-0318'`);
    await refused({ ...base, policyId: lastYear.id, accidentDate: '2026-03-01' }, 'not in force');
    const stranger = await one<{ id: number }>(sql`SELECT id FROM students WHERE student_number <> '201911001' ORDER BY id LIMIT 1`);
    expect((await call('claims/create', { ...base, studentId: stranger.id }, 'jz201911001')).statusCode).toBe(403);
    // Another user's upload cannot be attached.
    const foreign = (await upload('T0001')).data[0].RESID;
    await refused({ ...base, files: [foreign] }, 'not an insurance file you uploaded');
    // An empty file is refused by the upload service.
    expect((await uploadFile(t, tokens['jz201911001']!, 'insurance', 'empty.jpg', Buffer.alloc(0), EN)).json().msg).toContain('0KB');
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM insurance_claims`)).n).toBe(before.n);

    const created = (await call('claims/create', base, 'jz201911001')).json();
    expect(created.result).toBe(true);
    const id = created.data.id as number;
    // The office sees the pictures; paying before the materials are in is refused by the status table.
    const picture = await t.inject({ method: 'GET', url: `/file/download/${files[0]}`, headers: { [t.config.tokenHeader]: tokens.admin! } });
    expect(picture.statusCode).toBe(200);
    const early = (await call('claims/action', { id, action: 'pay', paidAmount: 300, paidDate: '2026-11-20' }, 'admin', EN)).json();
    expect(early).toMatchObject({ result: false, msg: 'A claim that is submitted cannot be marked as paid' });
    expect((await call('claims/action', { id, action: 'reject', comment: '' }, 'admin', EN)).json().msg).toBe('Say why the claim is rejected');
    expect((await call('claims/action', { id, action: 'receive' }, 'admin')).json().result).toBe(true);
    expect((await call('claims/action', { id, action: 'pay', paidAmount: 400, paidDate: '2026-11-20' }, 'admin', EN)).json().msg).toContain('cannot exceed');
    expect((await call('claims/action', { id, action: 'pay', paidAmount: 300, paidDate: '2026-10-01' }, 'admin', EN)).json().msg).toContain('cannot come before');
    expect((await call('claims/action', { id, action: 'pay', paidAmount: 300, paidDate: '2026-11-20' }, 'admin')).json().result).toBe(true);
    const claim = (await call('claims/get', { id }, 'jz201911001')).json().data;
    expect(claim).toMatchObject({ status: 'paid', paid: true, materialsReceived: true, paidAmount: 300, paidDate: '2026-11-20', fileCount: 2 });
    expect(claim.events.map((e: { status: string }) => e.status)).toEqual(['submitted', 'received', 'paid']);
    const told = await queryRows<{ title: string }>(t.database.db, sql`
      SELECT title FROM messages WHERE recipient_user_id = (SELECT id FROM users WHERE account = 'jz201911001') ORDER BY id DESC LIMIT 3`);
    expect(told[0]!.title).toContain('300.00');
    expect(told.map((m) => m.title).join()).toContain('已收到材料');
    // Nothing leaves "paid".
    expect((await call('claims/action', { id, action: 'reject', comment: 'x' }, 'admin')).json().result).toBe(false);
  });

  it('manages companies, policies and insured students: once per policy, nothing in use deleted, and nobody reviews their own claim', async () => {
    const company = (await call('companies/save', { name: '测试保险公司', contactPerson: '王', phone: '010-1234' }, 'admin')).json();
    expect(company.result).toBe(true);
    expect((await call('companies/save', { name: '测试保险公司' }, 'admin', EN)).json().msg).toContain('already exists');
    const policy = (await call('policies/save', { companyId: company.data.id, policyNo: 'T-1', year: 2026, coverage: '意外', premium: 80, startDate: '2026-09-01', endDate: '2026-08-01' }, 'admin', EN)).json();
    expect(policy.msg).toBe('The policy must end after it starts');
    const saved = (await call('policies/save', { companyId: company.data.id, policyNo: 'T-1', year: 2026, coverage: '意外', premium: 80, startDate: '2026-09-01', endDate: '2027-08-31' }, 'admin')).json();
    const policyId = saved.data.id as number;
    const klass = await one<{ id: number; n: number }>(sql`SELECT class_id AS id, count(*)::int AS n FROM students WHERE class_id IS NOT NULL AND in_school_status = '1' GROUP BY class_id ORDER BY class_id LIMIT 1`);
    // A student of the class who has left: picked or listed by number, refused by name; with the class, left out.
    const left = await one<{ id: number; name: string; n: string }>(sql`
      UPDATE students SET in_school_status = '2' WHERE id = (SELECT id FROM students WHERE class_id = ${klass.id} AND in_school_status = '1' ORDER BY student_number DESC LIMIT 1)
      RETURNING id, name, student_number AS n`);
    klass.n -= 1;
    expect((await call('insured/add', { policyId, studentIds: [left.id] }, 'admin', EN)).json().msg).toBe(`Not at school: ${left.name} ${left.n}. Nothing was insured`);
    expect((await call('insured/add', { policyId, studentNumbers: [left.n] }, 'admin')).json().msg).toBe(`以下学生不在校：${left.name} ${left.n}，未添加任何学生`);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM insured_students WHERE policy_id = ${policyId}`)).n).toBe(0);
    const first = (await call('insured/add', { policyId, classIds: [klass.id] }, 'admin')).json();
    expect(first.data).toEqual({ count: klass.n, skipped: 0 });
    const again = (await call('insured/add', { policyId, classIds: [klass.id] }, 'admin')).json();
    expect(again.data).toEqual({ count: 0, skipped: klass.n });
    // Imported numbers: an unknown one refuses the whole import; known ones already insured are skipped.
    const numbers = (await queryRows<{ n: string }>(t.database.db, sql`SELECT student_number AS n FROM students WHERE class_id = ${klass.id} ORDER BY student_number LIMIT 2`)).map((r) => r.n);
    expect((await call('insured/add', { policyId, studentNumbers: [...numbers, 'NO-SUCH-1'] }, 'admin', EN)).json().msg).toContain('NO-SUCH-1');
    const outside = await one<{ n: string }>(sql`SELECT student_number AS n FROM students WHERE class_id <> ${klass.id} ORDER BY student_number LIMIT 1`);
    expect((await call('insured/add', { policyId, studentNumbers: [...numbers, outside.n] }, 'admin')).json().data).toEqual({ count: 1, skipped: 2 });
    expect((await call('companies/delete', { ids: [company.data.id] }, 'admin', EN)).json().msg).toContain('has policies');
    // The office files for a student and cannot then review that claim itself.
    const student = await one<{ id: number }>(sql`SELECT id FROM students WHERE class_id = ${klass.id} AND in_school_status = '1' ORDER BY id LIMIT 1`);
    const filed = (await call('claims/create', { studentId: student.id, policyId, accidentDate: '2026-11-02', place: '校门口', description: '摔倒', amountClaimed: 50 }, 'admin')).json();
    expect(filed.result).toBe(true);
    expect((await call('claims/action', { id: filed.data.id, action: 'receive' }, 'admin', EN)).json().msg).toBe('You cannot audit yourself');
    const insured = (await call('insured/page', { currPage: 0, limit: 100, search: { policyId } }, 'admin')).json().data;
    const withClaim = insured.rows.find((r: { studentId: number }) => r.studentId === student.id);
    expect((await call('insured/remove', { policyId, ids: [withClaim.id] }, 'admin', EN)).json().msg).toContain('has claims');
    expect((await call('policies/delete', { ids: [policyId] }, 'admin', EN)).json().msg).toContain('has claims');
  });
});

describe('importing insured students from Excel (/cbxq/index)', () => {
  const ZH = { cookie: 'language=zh' };
  type Cell = string | number | null;
  async function sheetOf(rows: Cell[][], headings: string[] = ['学号', '姓名', '班级']): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('参保学生');
    sheet.addRow(headings);
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }
  function multipart(content: Buffer, name: string): { payload: Buffer; contentType: string } {
    const boundary = `----campus${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
  }
  const importSheet = (policyId: number, content: Buffer, { name = 'insured.xlsx', account = 'admin', headers = EN }: { name?: string; account?: string; headers?: Record<string, string> } = {}) => {
    const { payload, contentType } = multipart(content, name);
    return t.inject({
      method: 'POST',
      url: `/api/safety/insurance/insured/import?policyId=${policyId}`,
      headers: { 'content-type': contentType, [t.config.tokenHeader]: tokens[account]!, ...headers },
      payload,
    });
  };
  interface Pupil {
    id: number;
    number: string;
    name: string;
    className: string;
  }
  let policyId: number;
  let pupils: Pupil[];
  const insuredCount = async () => (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM insured_students WHERE policy_id = ${policyId}`)).n;

  beforeAll(async () => {
    const company = (await call('companies/save', { name: '导入测试保险公司' }, 'admin')).json();
    const policy = (
      await call('policies/save', { companyId: company.data.id, policyNo: 'IMP-1', year: 2026, coverage: '意外', premium: 60, startDate: '2026-09-01', endDate: '2027-08-31' }, 'admin')
    ).json();
    policyId = policy.data.id as number;
    pupils = await queryRows<Pupil>(t.database.db, sql`
      SELECT s.id, s.student_number AS number, s.name, c.name AS "className" FROM students s JOIN classes c ON c.id = s.class_id
      WHERE s.in_school_status = '1' AND s.student_number ~ '^[0-9]+$' ORDER BY s.student_number LIMIT 8`);
    expect(pupils).toHaveLength(8);
  });

  it('offers the template with its headings in the caller’s language and an example row, to the office only', async () => {
    const template = async (headers: Record<string, string>, account = 'admin') =>
      t.inject({ method: 'GET', url: '/api/safety/insurance/insured/template', headers: { [t.config.tokenHeader]: tokens[account]!, ...headers } });
    for (const [headers, headings] of [
      [ZH, ['学号', '姓名', '班级']],
      [EN, ['Student number', 'Name', 'Class']],
    ] as const) {
      const response = await template(headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect([1, 2, 3].map((c) => sheet.getRow(1).getCell(c).text)).toEqual(headings);
      expect(sheet.getRow(2).getCell(1).text).toMatch(/^\d+$/);
    }
    expect((await template(EN, 'T0001')).statusCode).toBe(403);
    expect((await template(EN, '201911001')).statusCode).toBe(403);
  });

  it('insures a clean sheet in one go, skips and counts those already insured, and reads numbers typed as numbers', async () => {
    const [a, b, c] = pupils as [Pupil, Pupil, Pupil];
    expect((await call('insured/add', { policyId, studentIds: [a.id] }, 'admin')).json().data).toEqual({ count: 1, skipped: 0 });
    const content = await sheetOf([
      [a.number, a.name, a.className],
      [Number(b.number), b.name, ''],
      [c.number, ` ${c.name} `, c.className],
    ]);
    const body = (await importSheet(policyId, content)).json();
    expect(body, JSON.stringify(body)).toMatchObject({ result: true, msg: '2 students insured, 1 already insured', data: { imported: 2, skipped: 1, errors: [] } });
    expect(await insuredCount()).toBe(3);
    // The same sheet again, in Chinese: nothing new, all counted as already insured.
    const again = (await importSheet(policyId, content, { headers: ZH })).json();
    expect(again).toMatchObject({ result: true, msg: '已投保 0 名学生，3 名此前已投保', data: { imported: 0, skipped: 3 } });
    // The log row is written once the answer is sent: wait for it (bounded).
    await expect
      .poll(async () => (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM operation_logs WHERE module = 'safety.insurance' AND operation = 'importInsured' AND outcome = 'success'`)).n, { timeout: 5000 })
      .toBe(2);
  });

  it('with one bad row imports nothing and reports its row and column; every bad cell of the sheet is listed', async () => {
    const [, , , d, e, f, g, h] = pupils as Pupil[] as [Pupil, Pupil, Pupil, Pupil, Pupil, Pupil, Pupil, Pupil];
    const before = await insuredCount();
    const wrongName = (await importSheet(policyId, await sheetOf([[d.number, d.name, d.className], [e.number, `${e.name}某`, ''], [f.number, f.name, '']]))).json();
    expect(wrongName.result).toBe(false);
    expect(wrongName.msg).toBe('1 cells have errors; nothing was imported');
    expect(wrongName.data).toEqual({ imported: 0, skipped: 0, errors: [{ row: 3, column: 'Name', message: `Student ${e.number} is ${e.name}, not ${e.name}某` }] });
    expect(await insuredCount()).toBe(before);

    await t.database.db.execute(sql`UPDATE students SET in_school_status = '3' WHERE id = ${h.id}`);
    try {
      const response = await importSheet(
        policyId,
        await sheetOf([
          [d.number, d.name, d.className],
          ['NO-SUCH-9', '无名', ''],
          [d.number, d.name, ''],
          ['', e.name, ''],
          [e.number, '', ''],
          [f.number, f.name, '不存在的班'],
          [h.number, h.name, ''],
          [g.number, g.name, ''],
        ]),
      );
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.msg).toBe('6 cells have errors; nothing was imported');
      expect(body.data.errors).toEqual([
        { row: 3, column: 'Student number', message: 'No student has the number NO-SUCH-9' },
        { row: 4, column: 'Student number', message: `Student number ${d.number} is already on row 2` },
        { row: 5, column: 'Student number', message: 'The student number is required' },
        { row: 6, column: 'Name', message: "The student's name is required (it checks the number)" },
        { row: 7, column: 'Class', message: `${f.name} is in ${f.className}, not 不存在的班` },
        { row: 8, column: 'Student number', message: `${h.name} (${h.number}) is not at school` },
      ]);
      expect(await insuredCount()).toBe(before);
      // The report is in the caller's language.
      const zh = (await importSheet(policyId, await sheetOf([['NO-SUCH-9', '无名', '']]), { headers: ZH })).json();
      expect(zh.data.errors).toEqual([{ row: 2, column: '学号', message: '学号 NO-SUCH-9 不存在' }]);
    } finally {
      await t.database.db.execute(sql`UPDATE students SET in_school_status = '1' WHERE id = ${h.id}`);
    }
  });

  it('refuses a 0 KB file, a wrong type, an empty or wrongly headed sheet, a missing policy, and anyone but the office', async () => {
    const [, , , d] = pupils as [Pupil, Pupil, Pupil, Pupil];
    const before = await insuredCount();
    const good = await sheetOf([[d.number, d.name, d.className]]);
    const refused = async (response: Awaited<ReturnType<typeof importSheet>>, message: string) => {
      const body = response.json();
      expect(body.result, JSON.stringify(body)).toBe(false);
      expect(body.msg).toBe(message);
    };
    await refused(await importSheet(policyId, Buffer.alloc(0), { name: 'empty.xlsx' }), 'File size cannot be 0KB');
    await refused(await importSheet(policyId, Buffer.from('学号,姓名\n1,2\n'), { name: 'insured.csv' }), 'Choose an Excel workbook (.xlsx)');
    await refused(await importSheet(policyId, good, { name: 'insured.docx' }), 'Choose an Excel workbook (.xlsx)');
    await refused(await importSheet(policyId, await sheetOf([])), 'The workbook holds no students');
    await refused(await importSheet(policyId, await sheetOf([[d.number, d.name]], ['编号', '姓名'])), 'The first row must hold the headings of the template: student number and name (class is optional)');
    const large = await importSheet(policyId, Buffer.concat([good, randomBytes(2 * 1024 * 1024)]));
    expect(large.statusCode).toBe(413);
    const missing = await importSheet(999999, good);
    expect(missing.statusCode).toBe(404);
    expect((await importSheet(policyId, good, { account: 'T0001' })).statusCode).toBe(403);
    expect((await importSheet(policyId, good, { account: '201911001' })).statusCode).toBe(403);
    expect((await importSheet(policyId, good, { account: 'jz201911001' })).statusCode).toBe(403);
    // Refused before the query or the body is read, so the refusal tells nothing of the call's fields.
    const bare = await t.inject({ method: 'POST', url: '/api/safety/insurance/insured/import', headers: { 'content-type': 'application/json', [t.config.tokenHeader]: tokens.T0001! }, payload: '{}' });
    expect(bare.statusCode).toBe(403);
    // No policy named, and no file at all: refusals for the office too.
    const form = multipart(good, 'insured.xlsx');
    const noQuery = await t.inject({ method: 'POST', url: '/api/safety/insurance/insured/import', headers: { ...EN, 'content-type': form.contentType, [t.config.tokenHeader]: tokens.admin! }, payload: form.payload });
    expect(noQuery.statusCode).toBe(400);
    const noFile = await t.inject({ method: 'POST', url: `/api/safety/insurance/insured/import?policyId=${policyId}`, headers: { ...EN, [t.config.tokenHeader]: tokens.admin! } });
    expect(noFile.json().result).toBe(false);
    expect(await insuredCount()).toBe(before);
  });
});
