import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, loginDemoAccounts, teacherOutsideDemoClass, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const EN = { cookie: 'language=en' };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

async function demoStudentId(): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`SELECT s.id FROM students s JOIN users u ON u.id = s.user_id WHERE u.account = '201911001'`);
  return row!.id;
}

describe('conduct records (表现发布, 表现回复)', () => {
  it('seeds records with and without replies; the parent sees only their child’s', async () => {
    const teacher = (await call('/api/homeSchool/conduct/page', { currPage: 0, limit: 20 }, 'T0002')).json().data;
    expect(teacher.total).toBeGreaterThanOrEqual(3);
    expect(teacher.rows.some((r: { replies: unknown[] }) => r.replies.length > 0)).toBe(true);
    const parent = (await call('/api/homeSchool/conductReplies/page', { currPage: 0, limit: 20 }, 'jz201911001')).json().data;
    expect(parent.rows.length).toBeGreaterThanOrEqual(2);
    expect(parent.rows.every((r: { studentName: string }) => r.studentName === '张小明')).toBe(true);
    expect(parent.rows.some((r: { myReply: unknown }) => r.myReply !== null)).toBe(true);
  });

  it('a teacher records conduct; the parent gets a message, reads and replies; the teacher sees the reply', async () => {
    const studentId = await demoStudentId();
    const created = (await call('/api/homeSchool/conduct/create', { studentIds: [studentId], category: 'manners', content: '主动帮助新同学熟悉校园。', result: 'praise', askReply: true }, 'T0002', EN)).json();
    expect(created).toMatchObject({ result: true, msg: 'Sent to the parents of 1 students' });
    const id = created.data.ids[0];
    const bell = (await t.post('/api/message/info/getInfoByRecipient', { page: '0', size: '3' }, { token: tokens['jz201911001'] })).json().data.result;
    expect(bell[0]).toMatchObject({ MESSAGE_TITLE: '张小明的表现：文明礼仪', MESSAGE_LINK: `/jxhd/bxhf?id=${id}`, MESSAGE_STATUS: 0 });
    const opened = (await call('/api/homeSchool/conductReplies/get', { id }, 'jz201911001')).json().data;
    expect(opened).toMatchObject({ category: 'manners', result: 'praise', askReply: true, myReply: null });
    const replied = (await call('/api/homeSchool/conductReplies/reply', { id, content: '谢谢老师！' }, 'jz201911001', EN)).json();
    expect(replied).toMatchObject({ result: true, msg: 'Your reply was sent' });
    // Writing again replaces the reply.
    expect((await call('/api/homeSchool/conductReplies/reply', { id, content: '谢谢老师，我们会继续鼓励他。' }, 'jz201911001')).json().result).toBe(true);
    const seen = (await call('/api/homeSchool/conduct/get', { id }, 'T0002')).json().data;
    expect(seen.replies).toEqual([expect.objectContaining({ parentName: '张小明家长', content: '谢谢老师，我们会继续鼓励他。', repliedAt: expect.any(String) })]);
    const [teacherMessage] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM messages m JOIN users u ON u.id = m.recipient_user_id WHERE u.account = 'T0002' AND m.link = ${`/jxhd/bxfb?id=${id}`}`);
    expect(teacherMessage!.n).toBe(2);
    const replied1 = (await call('/api/homeSchool/conduct/page', { currPage: 0, limit: 50, search: { replied: '1' } }, 'T0002')).json().data;
    expect(replied1.rows.map((r: { id: number }) => r.id)).toContain(id);
    expect((await call('/api/homeSchool/conduct/delete', { ids: [id] }, 'T0002')).json().result).toBe(true);
    expect((await call('/api/homeSchool/conductReplies/get', { id }, 'jz201911001')).statusCode).toBe(404);
  });

  it('refuses what is not the caller’s, in both languages, changing nothing', async () => {
    const studentId = await demoStudentId();
    const outsider = await teacherOutsideDemoClass(t);
    const [notTaught] = await rows<{ id: number }>(sql`
      SELECT s.id FROM students s WHERE s.class_id NOT IN (
        SELECT c.id FROM classes c JOIN staff st ON st.id = c.class_teacher_id JOIN users u ON u.id = st.user_id WHERE u.account = 'T0002'
        UNION SELECT te.class_id FROM timetable_entries te JOIN staff st ON st.id = te.teacher_id JOIN users u ON u.id = st.user_id WHERE u.account = 'T0002') LIMIT 1`);
    const [before] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM conduct_records`);
    const base = { studentIds: [studentId], category: 'classroom', content: '内容', result: 'normal' };
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['T0002', { ...base, studentIds: [notTaught!.id] }, 'You can only record the conduct of students you teach', '只能记录您任教学生的表现'],
      ['T0002', { ...base, studentIds: [] }, 'Choose at least one student', '请至少选择一名学生'],
      ['T0002', { ...base, content: '' }, 'The content is required', '内容不能为空'],
      ['T0002', { ...base, category: 'sports' }, 'Choose the classification', '请选择分类'],
      ['T0002', { ...base, result: 'great' }, 'Choose the result', '请选择结果'],
      ['jz201911001', base, 'You have no right to publish or delete conduct records, please contact the system administrator', '您没有发布或删除表现记录的权限，请联系系统管理员'],
    ];
    for (const [account, payload, en, zh] of cases) {
      const english = (await call('/api/homeSchool/conduct/create', payload, account, EN)).json();
      expect(english.result, JSON.stringify(payload)).toBe(false);
      expect(english.msg, JSON.stringify(payload)).toContain(en);
      expect((await call('/api/homeSchool/conduct/create', payload, account)).json().msg, JSON.stringify(payload)).toContain(zh);
    }
    const [after] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM conduct_records`);
    expect(after!.n).toBe(before!.n);
    expect(outsider).toBeTruthy();
    // The form's student choice: the class teacher's own students, found by name, and nobody else's.
    const choices = (await call('/api/homeSchool/conduct/students', { currPage: 0, limit: 50, search: { keyword: '张小明' } }, 'T0002')).json().data;
    expect(choices.rows).toEqual([expect.objectContaining({ id: studentId, name: '张小明' })]);
    const outside = (await call('/api/homeSchool/conduct/students', { currPage: 0, limit: 500 }, 'T0002')).json().data;
    expect(outside.rows.map((r: { id: number }) => r.id)).not.toContain(notTaught!.id);
    expect((await call('/api/homeSchool/conduct/students', { currPage: 0, limit: 10 }, 'jz201911001')).statusCode).toBe(403);

    // A record that asks no reply refuses one; another family's record is not there.
    const [noReply] = await rows<{ id: number }>(sql`
      SELECT r.id FROM conduct_records r WHERE NOT r.ask_reply AND r.student_id = ${studentId} LIMIT 1`);
    const [otherFamily] = await rows<{ id: number }>(sql`SELECT r.id FROM conduct_records r WHERE r.student_id <> ${studentId} LIMIT 1`);
    if (noReply) expect((await call('/api/homeSchool/conductReplies/reply', { id: noReply.id, content: '好' }, 'jz201911001', EN)).json().msg).toBe('No reply is asked for this record');
    expect((await call('/api/homeSchool/conductReplies/reply', { id: otherFamily!.id, content: '好' }, 'jz201911001')).statusCode).toBe(404);
    expect((await call('/api/homeSchool/conductReplies/get', { id: otherFamily!.id }, 'jz201911001')).statusCode).toBe(404);
    expect((await call('/api/homeSchool/conductReplies/reply', { id: otherFamily!.id, content: '' }, 'jz201911001', EN)).json().msg).toBe('The reply is required');
    // Another teacher's record: neither shown nor changed.
    const [byT0002] = await rows<{ id: number }>(sql`SELECT r.id FROM conduct_records r JOIN users u ON u.id = r.publisher_user_id WHERE u.account = 'T0002' LIMIT 1`);
    expect((await call('/api/homeSchool/conduct/get', { id: byT0002!.id }, 'T0001')).statusCode).toBe(404);
    expect((await call('/api/homeSchool/conduct/update', { id: byT0002!.id, category: 'other', content: 'x', result: 'normal' }, 'T0001', EN)).json().msg).toBe('You have no right to edit/delete this data');
  });
});
