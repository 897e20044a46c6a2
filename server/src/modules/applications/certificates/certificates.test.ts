import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { createTestApp, DEMO_PASSWORD, loginDemoAccounts, teacherOutsideDemoClass, type TestApp } from '../../../../test/helpers.ts';
import { maskName } from './service.ts';

let t: TestApp;
let tokens: Record<string, string>;
const EN = { cookie: 'language=en' };
const ZH = { cookie: 'language=zh' };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account: string | null, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { ...(account ? { [t.config.tokenHeader]: tokens[account]! } : {}), ...headers }, payload: payload as object });
const pdfOf = (id: number, account: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: `/api/applications/certificates/pdf?id=${id}`, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers } });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const count = async () => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM applications`))[0]!.n;

function day(offset: number): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function demoStudentId(): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`SELECT s.id FROM students s JOIN users u ON u.id = s.user_id WHERE u.account = '201911001'`);
  return row!.id;
}

/** Approves every remaining step: the class teacher first, then an administrator for the office's step. */
async function approveAll(id: number): Promise<void> {
  expect((await call('/api/applications/review/decide', { ids: [id], decision: 'approve', comment: '同意' }, 'T0002')).json()).toMatchObject({ result: true });
  expect((await call('/api/applications/review/decide', { ids: [id], decision: 'approve' }, 'admin')).json()).toMatchObject({ result: true, data: { approved: 1 } });
}

const daySchool = (studentId: number, extra: Record<string, unknown> = {}) => ({
  studentId,
  startDate: day(120),
  endDate: day(150),
  address: '城南区桂花路18号',
  guardian: '母亲',
  guardianPhone: '13800138000',
  transport: 'car',
  reason: '家离学校近，家长每日接送。',
  ...extra,
});

describe('certificates: applied for by the family, approved through the chain, issued with a verifiable PDF', () => {
  it('issues an enrolment certificate whose PDF carries the verification address, kept byte for byte', async () => {
    const studentId = await demoStudentId();
    const created = await call('/api/applications/enrolment/create', { studentId, purpose: '办理签证', english: true }, 'jz201911001', EN);
    expect(created.json()).toMatchObject({ result: true, msg: 'The application was sent for approval' });
    const id = created.json().data.id as number;
    // Not issued before approval: a clear refusal, in both languages.
    expect((await pdfOf(id, 'jz201911001', EN)).json()).toMatchObject({ result: false, msg: 'This application has no certificate yet: it is issued once the application is approved' });
    expect((await pdfOf(id, 'jz201911001', ZH)).json()).toMatchObject({ result: false, msg: '该申请尚未生成证明：审批通过后生成' });
    const pending = (await call('/api/applications/enrolment/get', { id }, 'jz201911001')).json().data;
    expect(pending).toMatchObject({ type: 'enrolmentCertificate', status: 'pending', details: { purpose: '办理签证', english: true }, certificate: null });

    await approveAll(id);
    const issued = (await call('/api/applications/enrolment/get', { id }, 'jz201911001')).json().data;
    expect(issued.status).toBe('approved');
    expect(issued.certificate.serialNumber).toMatch(/^ZS\d{4}\d{6}$/);
    const code = issued.certificate.verifyPath.replace('/verify/', '');

    const first = await pdfOf(id, 'jz201911001');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(String(first.headers['content-disposition'])).toContain(`${issued.certificate.serialNumber}.pdf`);
    const bytes = first.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The QR code's address is also the PDF's link: this site's /verify/<code>.
    expect(bytes.toString('latin1')).toContain(`/verify/${code}`);
    // Two pages (Chinese and English) and an embedded subset of the CJK font.
    expect(bytes.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBe(2);
    expect(bytes.toString('latin1')).toMatch(/NotoSansSC/);
    // The student, the class teacher who approved and an administrator download the same file.
    const again = await pdfOf(id, '201911001');
    expect(Buffer.compare(again.rawPayload, bytes)).toBe(0);
    expect(Buffer.compare((await pdfOf(id, 'T0002')).rawPayload, bytes)).toBe(0);

    // The public page, without a session: genuine, intact, the name half hidden, the file's hash.
    const verified = await call('/api/certificates/verify', { code }, null, EN);
    const [student] = await rows<{ name: string }>(sql`SELECT name FROM students WHERE id = ${studentId}`);
    expect(verified.json()).toMatchObject({
      result: true,
      data: { serialNumber: issued.certificate.serialNumber, kind: 'enrolment', intact: true, revoked: false, studentName: maskName(student!.name) },
    });
    expect(verified.json().data.pdfSha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(verified.json().data.schoolName).not.toBe('');

    // A record changed behind the school's back no longer verifies as intact.
    await t.database.db.execute(sql`UPDATE certificates SET content = jsonb_set(content, '{className}', '"高三(9)班"') WHERE verify_code = ${code}`);
    expect((await call('/api/certificates/verify', { code }, null)).json().data.intact).toBe(false);
    // An unknown code is not the school's certificate.
    for (const [headers, msg] of [
      [EN, 'No certificate has this code: it is not one the school issued'],
      [ZH, '没有该编码的证明：这不是本校开具的证明'],
    ] as const) {
      expect((await call('/api/certificates/verify', { code: 'abcdefghijklmnopqrstuv' }, null, headers)).json()).toMatchObject({ result: false, msg });
      expect((await call('/api/certificates/verify', { code: '../../etc' }, null, headers)).json()).toMatchObject({ result: false, msg });
    }
  });

  it('only the family, the approvers and administrators download a certificate', async () => {
    const [issued] = await rows<{ applicationId: number }>(sql`SELECT application_id AS "applicationId" FROM certificates ORDER BY id LIMIT 1`);
    // The demo student's certificate: a teacher who neither leads nor decided it cannot download it.
    const outsider = await teacherOutsideDemoClass(t);
    await t.database.db.execute(sql`UPDATE users SET password_hash = ${await hashPassword(outsider, DEMO_PASSWORD, t.config.argon2)} WHERE account = ${outsider}`);
    tokens[outsider] = await t.login(outsider);
    expect((await pdfOf(issued!.applicationId, outsider)).statusCode).toBe(404);
  });

  it('the office revokes an issued certificate with a reason: the verification page says so, the family is told and can no longer download it', async () => {
    const studentId = await demoStudentId();
    const created = await call('/api/applications/enrolment/create', { studentId, purpose: '办理护照', english: false }, 'jz201911001');
    const id = created.json().data.id as number;
    // Nothing to revoke before approval.
    expect((await call('/api/applications/certificates/revoke', { id, reason: '开具有误' }, 'admin', EN)).json()).toMatchObject({ result: false, msg: 'This application has no certificate yet: it is issued once the application is approved' });
    await approveAll(id);
    const issued = (await call('/api/applications/enrolment/get', { id }, 'jz201911001')).json().data;
    expect(issued.certificate).toMatchObject({ revokedAt: '', revokeReason: '' });
    const code = issued.certificate.verifyPath.replace('/verify/', '');
    // Only the office: a class teacher who approved it, or the family, may not; a reason is required.
    expect((await call('/api/applications/certificates/revoke', { id, reason: '开具有误' }, 'T0002')).statusCode).toBe(403);
    expect((await call('/api/applications/certificates/revoke', { id, reason: '开具有误' }, 'jz201911001')).statusCode).toBe(403);
    expect((await call('/api/applications/certificates/revoke', { id, reason: ' ' }, 'admin', EN)).json()).toMatchObject({ result: false, msg: 'Say why the certificate is revoked' });
    expect((await call('/api/applications/certificates/revoke', { id, reason: ' ' }, 'admin', ZH)).json()).toMatchObject({ result: false, msg: '请填写作废原因' });
    expect((await call('/api/applications/certificates/revoke', { id, reason: 'x'.repeat(201) }, 'admin')).json()).toMatchObject({ result: false });
    expect((await call('/api/certificates/verify', { code }, null)).json().data).toMatchObject({ revoked: false, revokedOn: '' });

    const revoked = await call('/api/applications/certificates/revoke', { id, reason: '班级信息有误，已重新开具' }, 'admin', EN);
    expect(revoked.json()).toMatchObject({ result: true, msg: 'The certificate was revoked: its verification page now says so' });
    expect((await call('/api/certificates/verify', { code }, null)).json().data).toMatchObject({ revoked: true, revokedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await call('/api/applications/enrolment/get', { id }, 'jz201911001')).json().data.certificate).toMatchObject({ revokedAt: expect.stringMatching(/^\d{4}-/), revokeReason: '班级信息有误，已重新开具' });
    // The family is told; their download is refused with the date and reason; the office keeps its copy.
    const [told] = await rows<{ title: string }>(sql`SELECT m.title FROM messages m JOIN users u ON u.id = m.recipient_user_id WHERE u.account = 'jz201911001' ORDER BY m.id DESC LIMIT 1`);
    expect(told!.title).toContain('班级信息有误，已重新开具');
    const refused = (await pdfOf(id, 'jz201911001', EN)).json();
    expect(refused).toMatchObject({ result: false, msg: expect.stringMatching(/^This certificate was revoked on \d{4}-\d{2}-\d{2} \(班级信息有误，已重新开具\) and can no longer be downloaded$/) });
    expect((await pdfOf(id, 'admin')).statusCode).toBe(200);
    // Once is enough.
    expect((await call('/api/applications/certificates/revoke', { id, reason: '再次作废' }, 'admin', ZH)).json()).toMatchObject({ result: false, msg: '该证明已作废' });
  });

  it('a grade certificate lists its terms; one pending per student; bad input changes nothing', async () => {
    const studentId = await demoStudentId();
    const terms = (await call('/api/applications/grade/terms', {}, 'jz201911001', EN)).json().data as { id: number; name: string }[];
    expect(terms.length).toBeGreaterThan(0);
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ purpose: '' }, 'Say what the certificate is for', '请填写证明用途'],
      [{ termIds: [] }, 'Choose at least one term', '请至少选择一个学期'],
      [{ termIds: [999999] }, 'A chosen term does not exist', '所选学期不存在'],
      [{ termIds: Array.from({ length: 13 }, (_, i) => i + 1) }, 'A grade certificate covers at most 12 terms', '成绩证明最多包含12个学期'],
      [{ purpose: 'x'.repeat(101) }, 'Too long', '内容过长'],
      [{ studentId: undefined }, 'Choose the child the leave is for', '请选择请假的孩子'],
    ];
    for (const [change, en, zh] of cases) {
      const body = { studentId, purpose: '夏令营', termIds: [terms[0]!.id], ...change };
      const enAnswer = (await call('/api/applications/grade/create', body, 'jz201911001', EN)).json();
      expect(enAnswer.result).toBe(false);
      if (en !== 'Too long') expect(enAnswer.msg).toBe(en);
      const zhAnswer = (await call('/api/applications/grade/create', body, 'jz201911001', ZH)).json();
      expect(zhAnswer.result).toBe(false);
      if (zh !== '内容过长') expect(zhAnswer.msg).toBe(zh);
    }
    // The demo student already has a grade certificate waiting (demo data).
    const twice = await call('/api/applications/grade/create', { studentId, purpose: '夏令营', termIds: [terms[0]!.id] }, 'jz201911001', EN);
    expect(twice.json().result).toBe(false);
    expect(twice.json().msg).toMatch(/already waiting for approval/);
    // Another family's child, and a teacher on a family page.
    const [strangerChild] = await rows<{ id: number }>(sql`SELECT id FROM students WHERE id NOT IN (SELECT student_id FROM guardians g JOIN users u ON u.id = g.parent_user_id WHERE u.account = 'jz201911001') LIMIT 1`);
    expect((await call('/api/applications/enrolment/create', { studentId: strangerChild!.id, purpose: '签证' }, 'jz201911001')).statusCode).toBe(404);
    expect((await call('/api/applications/enrolment/create', { purpose: '签证' }, 'T0002')).statusCode).toBe(403);
    expect(await count()).toBe(before);

    // The demo grade certificate: approved, it lists its terms by name.
    const [waiting] = await rows<{ id: number }>(sql`SELECT id FROM applications WHERE type = 'gradeCertificate' AND student_id = ${studentId} AND status = 'pending'`);
    const view = (await call('/api/applications/grade/get', { id: waiting!.id }, 'jz201911001', EN)).json().data;
    expect(view.termNames.length).toBeGreaterThan(0);
    await approveAll(waiting!.id);
    const pdf = await pdfOf(waiting!.id, 'jz201911001');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a certificate for a student who is not in school, also when they left while it waited', async () => {
    const studentId = await demoStudentId();
    const id = (await call('/api/applications/enrolment/create', { studentId, purpose: '银行开户' }, 'jz201911001')).json().data.id as number;
    await call('/api/applications/review/decide', { ids: [id], decision: 'approve' }, 'T0002');
    await t.database.db.execute(sql`UPDATE students SET enrolment_status = '3' WHERE id = ${studentId}`);
    try {
      const refused = await call('/api/applications/review/decide', { ids: [id], decision: 'approve' }, 'admin', EN);
      expect(refused.json().result).toBe(false);
      expect(refused.json().msg).toMatch(/is not an enrolled student in school/);
      // Nothing was decided: the approval and the certificate are one transaction.
      expect((await rows<{ status: string }>(sql`SELECT status FROM applications WHERE id = ${id}`))[0]!.status).toBe('pending');
      expect(await rows(sql`SELECT 1 FROM certificates WHERE application_id = ${id}`)).toHaveLength(0);
      const fresh = await call('/api/applications/enrolment/create', { studentId, purpose: '银行开户' }, 'jz201911001', ZH);
      expect(fresh.json().result).toBe(false);
    } finally {
      await t.database.db.execute(sql`UPDATE students SET enrolment_status = '1' WHERE id = ${studentId}`);
      await call('/api/applications/enrolment/withdraw', { id }, 'jz201911001');
    }
  });
});

describe('day-school applications', () => {
  it('refuses bad input with a message in both languages and writes nothing', async () => {
    const studentId = await demoStudentId();
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ address: '' }, 'The home address is required', '请填写家庭住址'],
      [{ guardian: ' ' }, 'Say who brings and fetches the student', '请填写接送人'],
      [{ guardianPhone: '12345' }, 'Enter a mobile number of 11 digits or a landline such as 010-12345678', '请输入11位手机号或如010-12345678的固定电话'],
      [{ transport: 'plane' }, 'Choose how the student comes to school', '请选择上下学方式'],
      [{ endDate: day(110) }, 'The last day cannot be earlier than the first day', '结束日期不能早于开始日期'],
      [{ startDate: day(-1) }, 'The first day cannot be in the past', '开始日期不能早于今天'],
      [{ startDate: '2026/12/01' }, 'Enter the date as YYYY-MM-DD', '日期格式为 YYYY-MM-DD'],
      [{ endDate: day(120 + 400) }, 'A day-school permit lasts at most one year; apply again for the next', '走读最长一年，期满后请重新申请'],
      // The demo student's day-school from day 7 to 97 waits for the division director.
      [{ startDate: day(20), endDate: day(30) }, 'There is already a pending or approved day-school application for those days', '这段时间已有待审批或已通过的走读申请'],
    ];
    for (const [change, en, zh] of cases) {
      expect((await call('/api/applications/daySchool/create', daySchool(studentId, change), 'jz201911001', EN)).json()).toMatchObject({ result: false, msg: en });
      expect((await call('/api/applications/daySchool/create', daySchool(studentId, change), 'jz201911001', ZH)).json()).toMatchObject({ result: false, msg: zh });
    }
    expect(await count()).toBe(before);
  });

  it('goes to the class teacher, then the division director, and issues a day-school permit', async () => {
    const studentId = await demoStudentId();
    // The student applies in person.
    const created = await call('/api/applications/daySchool/create', daySchool(studentId, { studentId: undefined }), '201911001');
    expect(created.json()).toMatchObject({ result: true });
    const id = created.json().data.id as number;
    const queue = (await call('/api/applications/review/page', { currPage: 0, limit: 100, search: { view: 'waiting', type: 'daySchool' } }, 'T0002')).json().data;
    expect(queue.rows.map((r: { id: number }) => r.id)).toContain(id);
    expect((await call('/api/applications/review/decide', { ids: [id], decision: 'approve' }, 'T0002')).json().data).toMatchObject({ advanced: 1 });
    const [second] = await rows<{ kind: string }>(sql`SELECT steps->1->>'kind' AS kind FROM applications WHERE id = ${id}`);
    expect(second!.kind).toBe('divisionDirector');
    expect((await call('/api/applications/review/decide', { ids: [id], decision: 'approve' }, 'T0001')).json().data).toMatchObject({ approved: 1 });
    // The parent lists it with its certificate and its dates.
    const list = (await call('/api/applications/daySchool/page', { currPage: 0, limit: 50, search: { studentId } }, 'jz201911001')).json().data;
    const row = list.rows.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ status: 'approved', details: { startDate: day(120), endDate: day(150), transport: 'car' } });
    expect(row.certificate.serialNumber).toMatch(/^ZD/);
    const pdf = await pdfOf(id, 'jz201911001');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const code = row.certificate.verifyPath.split('/').pop();
    expect((await call('/api/certificates/verify', { code }, null)).json().data).toMatchObject({ kind: 'daySchool', validUntil: day(150), intact: true });
  });
});

describe('demo data', () => {
  it('has day-school and certificate applications in every state, with issued certificates', async () => {
    const states = await rows<{ type: string; status: string }>(sql`
      SELECT DISTINCT type, status FROM applications WHERE type IN ('daySchool', 'enrolmentCertificate', 'gradeCertificate')`);
    const statuses = new Set(states.map((s) => s.status));
    for (const status of ['pending', 'approved', 'rejected', 'withdrawn']) expect(statuses).toContain(status);
    expect(new Set(states.map((s) => s.type)).size).toBe(3);
    const [issued] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM certificates`);
    expect(issued!.n).toBeGreaterThanOrEqual(3);
  });

  it('masks names for the public page', () => {
    expect(maskName('张伟')).toBe('张*');
    expect(maskName('欧阳娜娜')).toBe('欧**娜');
    expect(maskName('李')).toBe('李');
  });
});
