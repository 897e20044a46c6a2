import { eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { queryRows } from '../../../db/client.ts';
import { fileChunks, files, students } from '../../../db/schema/index.ts';
import { schoolToday } from '../../timetable/views/service.ts';
import { ageOn } from './service.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
/** A student of 初二(2)班, a class T0001 neither teaches nor leads. */
let otherClassStudent: { number: string; account: string };

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ['admin', 'T0001', 'T0002', '201911001', 'jz201911001']) tokens[account] = await t.login(account);
  const [row] = await queryRows<{ number: string; account: string }>(t.database.db, sql`
    SELECT s.student_number AS number, u.account FROM students s JOIN users u ON u.id = s.user_id JOIN classes c ON c.id = s.class_id
    WHERE c.code = '20190802' ORDER BY s.student_number LIMIT 1`);
  otherClassStudent = row;
});
afterAll(() => t.close());

const tabData = async (account: string, zh: string | undefined, language?: 'en') => {
  const response = await t.post('/xsjbxxtab/getTabData', zh === undefined ? {} : { zh }, { token: tokens[account], headers: language ? { cookie: 'language=en' } : undefined });
  return { status: response.statusCode, body: response.json() };
};
const photo = (account: string, query: string) => t.get(`/xspic/downloadXsPic?${query}`, { token: tokens[account] });

async function storePhoto(studentNumber: string, id: string, content: Buffer, mimeType: string, purpose = 'studentPhoto') {
  await t.database.db.insert(files).values({
    id, purpose, originalName: 'photo', mimeType, size: content.length, sha256: createHash('sha256').update(content).digest('hex'),
  });
  await t.database.db.insert(fileChunks).values({ fileId: id, startByte: 0, data: content });
  await t.database.db.update(students).set({ photoFileId: id }).where(eq(students.studentNumber, studentNumber));
}

describe('ageOn', () => {
  it('counts whole years, the birthday included', () => {
    expect(ageOn('2012-04-16', '2026-04-15')).toBe(13);
    expect(ageOn('2012-04-16', '2026-04-16')).toBe(14);
    expect(ageOn(null, '2026-04-16')).toBeNull();
  });
});

describe('POST /xsjbxxtab/getTabData', () => {
  it("answers the student's own basic information with every field", async () => {
    const { body } = await tabData('201911001', '201911001');
    expect(body.result).toBe(true);
    expect(body.data.dataTab1).toEqual([
      {
        XH: '201911001', ZH: '201911001', XM: '张小明', BH: '20190801', XBMC: '男', NL: ageOn('2012-04-16', schoolToday()),
        XZBMC: '初二(1)班', BZRMC: '李秀英', BZRZGH: 'T0002', IMG: '', ZXZT: '在校', XJZT: '有学籍', NF: 2019,
      },
    ]);
    const [{ birth }] = await queryRows<{ birth: string }>(t.database.db, sql`SELECT to_char(birth_date, 'YYYY-MM-DD') AS birth FROM students WHERE student_number = '201911001'`);
    expect(birth).toBe('2012-04-16');
  });

  it('answers dictionary names in English when asked', async () => {
    const { body } = await tabData('jz201911001', '201911001', 'en');
    expect(body.data.dataTab1[0]).toMatchObject({ XBMC: 'Male', ZXZT: 'In school', XJZT: 'Enrolled' });
  });

  it('refuses another student to a student and to a parent, and returns nothing of them', async () => {
    const student = await tabData('201911001', '201911002');
    expect(student).toMatchObject({ status: 403, body: { result: false, data: null, msg: '您无权查看该学生的信息' } });
    const parent = await tabData('jz201911001', '201911002', 'en');
    expect(parent).toMatchObject({ status: 403, body: { result: false, data: null, msg: "You have no permission to view this student's information" } });
    expect(JSON.stringify(parent.body)).not.toContain('201911002');
  });

  it("lets the class's teacher and class teacher see its students, not other classes'", async () => {
    expect((await tabData('T0001', '201911002')).body.data.dataTab1[0].XH).toBe('201911002');
    expect((await tabData('T0002', '201911002')).body.data.dataTab1[0].XZBMC).toBe('初二(1)班');
    expect(await tabData('T0001', otherClassStudent.account)).toMatchObject({ status: 403, body: { data: null } });
    // Holding the Student information page does not widen a class teacher's view beyond their class.
    expect(await tabData('T0002', otherClassStudent.account)).toMatchObject({ status: 403, body: { data: null } });
    expect((await tabData('admin', otherClassStudent.account)).body.data.dataTab1[0].XH).toBe(otherClassStudent.number);
  });

  it('refuses bad input and unknown accounts', async () => {
    expect(await tabData('admin', undefined)).toMatchObject({ status: 400, body: { result: false, msg: '请提供学生账号' } });
    expect(await tabData('admin', '   ')).toMatchObject({ status: 400, body: { msg: '请提供学生账号' } });
    expect(await tabData('admin', 'x'.repeat(65))).toMatchObject({ status: 400, body: { msg: '输入内容过长' } });
    expect(await tabData('admin', 'nobody')).toMatchObject({ status: 404, body: { msg: '数据不存在' } });
    // A staff account is not a student.
    expect(await tabData('admin', 'T0001')).toMatchObject({ status: 404, body: { data: null } });
  });
});

describe('GET /xspic/downloadXsPic', () => {
  it('answers 404 with a clear message while the student has no photo', async () => {
    const response = await photo('201911001', 'xh=201911001&type=2');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, result: false, data: null, msg: '该学生暂无照片' });
  });

  it('serves the stored photo with its content type to those who may see the student', async () => {
    await storePhoto('201911001', 'test-student-photo', PNG, 'image/png');
    for (const account of ['201911001', 'jz201911001', 'T0001', 'T0002', 'admin']) {
      const response = await photo(account, 'xh=201911001&type=2');
      expect(response.statusCode, account).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.rawPayload.equals(PNG)).toBe(true);
    }
    const { body } = await tabData('201911001', '201911001');
    expect(body.data.dataTab1[0].IMG).toBe('/xspic/downloadXsPic?xh=201911001&type=2');
  });

  it('refuses the photo of a student outside the caller scope', async () => {
    await storePhoto('201911002', 'test-student-photo-2', PNG, 'image/png');
    for (const account of ['201911001', 'jz201911001']) {
      const response = await photo(account, 'xh=201911002&type=2');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ result: false, data: null, msg: '您无权查看该学生的信息' });
    }
    await storePhoto(otherClassStudent.number, 'test-student-photo-3', PNG, 'image/png');
    expect((await photo('T0001', `xh=${otherClassStudent.number}`)).statusCode).toBe(403);
    expect((await photo('admin', `xh=${otherClassStudent.number}`)).statusCode).toBe(200);
  });

  it('never serves a stored file that is not a photo', async () => {
    const [row] = await queryRows<{ number: string }>(t.database.db, sql`
      SELECT s.student_number AS number FROM students s JOIN classes c ON c.id = s.class_id WHERE c.code = '20190801' ORDER BY s.student_number OFFSET 2 LIMIT 1`);
    await storePhoto(row.number, 'test-html', Buffer.from('<script>alert(1)</script>'), 'text/html');
    const response = await photo('T0002', `xh=${row.number}&type=2`);
    expect(response.statusCode).toBe(404);
    expect(response.json().msg).toBe('该学生暂无照片');
    await storePhoto(row.number, 'test-attachment', PNG, 'image/png', 'attachment');
    expect((await photo('T0002', `xh=${row.number}&type=2`)).statusCode).toBe(404);
    expect((await tabData('T0002', row.number)).body.data.dataTab1[0].IMG).toBe('');
  });

  it('refuses bad input and unknown students', async () => {
    expect((await photo('admin', 'type=2')).json()).toMatchObject({ result: false, msg: '请提供学号' });
    expect((await photo('admin', 'xh=201911001&type=1')).json()).toMatchObject({ result: false, msg: '照片类型必须为2' });
    expect((await photo('admin', 'xh=000000000&type=2')).statusCode).toBe(404);
    expect((await t.get('/xspic/downloadXsPic?xh=201911001&type=2')).json()).toMatchObject({ result: false, code: 50014 });
  });
});
