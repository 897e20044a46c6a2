import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { createTestApp, DEMO_PASSWORD, loginDemoAccounts, teacherOutsideDemoClass, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const EN = { cookie: 'language=en' };
const ZH = { cookie: 'language=zh' };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

/** 'YYYY-MM-DD HH:mm' this many hours from now, on the server's clock. */
function inHours(hours: number): string {
  const at = new Date(Date.now() + hours * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

async function demoClass(): Promise<{ classId: number; studentId: number; size: number }> {
  const [row] = await rows<{ classId: number; studentId: number; size: number }>(sql`
    SELECT c.id AS "classId", s.id AS "studentId", (SELECT count(*)::int FROM students x WHERE x.class_id = c.id AND x.in_school_status = '1') AS size
    FROM students s JOIN users u ON u.id = s.user_id JOIN classes c ON c.id = s.class_id WHERE u.account = '201911001'`);
  return row!;
}

/** A file owned by `account` of an upload purpose, stored as the upload call would store it. */
async function fileOf(account: string, id: string, purpose: string, name: string, mimeType: string): Promise<string> {
  const bytes = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  await t.database.db.execute(sql`
    INSERT INTO files (id, owner_user_id, purpose, original_name, mime_type, size, sha256)
    SELECT ${id}, u.id, ${purpose}, ${name}, ${mimeType}, ${bytes.length}, 'x' FROM users u WHERE u.account = ${account}`);
  await t.database.db.execute(sql`INSERT INTO file_chunks (file_id, start_byte, data) VALUES (${id}, 0, ${bytes})`);
  return id;
}

const assignment = (extra: Record<string, unknown> = {}) => ({
  title: '朗读课文《春》',
  content: '<p>朗读课文并<strong>录音</strong>提交。</p><script>alert(1)</script>',
  endAt: inHours(48),
  needsRevision: true,
  onlineSubmission: true,
  graded: false,
  ...extra,
});

async function bell(account: string) {
  return (await t.post('/api/message/info/getInfoByRecipient', { page: '0', size: '5' }, { token: tokens[account] })).json().data.result as {
    MESSAGE_TITLE: string;
    MESSAGE_LINK: string;
    MESSAGE_STATUS: number;
  }[];
}

async function workStatus(assignmentId: number, studentId: number): Promise<string> {
  const [row] = await rows<{ status: string }>(sql`SELECT status FROM homework_works WHERE assignment_id = ${assignmentId} AND student_id = ${studentId}`);
  return row!.status;
}

describe('homework (作业发布, 我的作业): the whole way round', () => {
  it('assign with a picture and a recording; the parent hands in; revision asked, handed in and approved; each step in the other side’s bell', async () => {
    const { classId, studentId, size } = await demoClass();
    const picture = await fileOf('T0002', 'hw-picture-1', 'assignmentImage', 'page.png', 'image/png');
    const recording = await fileOf('T0002', 'hw-recording-1', 'recording', 'model.m4a', 'audio/mp4');
    const created = (await call('/api/homeSchool/assignments/create', { ...assignment(), classIds: [classId], images: [picture], recordings: [recording] }, 'T0002', EN)).json();
    expect(created).toMatchObject({ result: true, msg: `Assigned to ${size} students` });
    const id = created.data.id as number;

    // The stored content is cleaned; the teacher's list shows the progress.
    const detail = (await call('/api/homeSchool/assignments/get', { id }, 'T0002')).json().data;
    expect(detail.content).toContain('<strong>录音</strong>');
    expect(detail.content).not.toContain('script');
    expect(detail.attachments.images).toEqual([expect.objectContaining({ id: picture, name: 'page.png' })]);
    expect(detail.attachments.recordings).toEqual([expect.objectContaining({ id: recording })]);
    expect(detail.progress).toMatchObject({ total: size, submitted: 0, missing: size });

    // The parent's bell links to the child's homework; the family may read the assignment's files.
    const parentBell = await bell('jz201911001');
    expect(parentBell[0]).toMatchObject({ MESSAGE_TITLE: '新作业：朗读课文《春》', MESSAGE_LINK: `/jxhd/wdzy?id=${id}&student=${studentId}`, MESSAGE_STATUS: 0 });
    expect((await t.inject({ method: 'GET', url: `/file/download/${recording}`, headers: { [t.config.tokenHeader]: tokens['jz201911001']! } })).statusCode).toBe(200);
    const opened = (await call('/api/homeSchool/myHomework/get', { assignmentId: id, studentId }, 'jz201911001')).json().data;
    expect(opened).toMatchObject({ title: '朗读课文《春》', status: 'viewed', canSubmit: true });
    expect((await bell('jz201911001'))[0]!.MESSAGE_STATUS).toBe(1);

    // The parent hands in for the child with a picture and a message to the teacher.
    const photo = await fileOf('jz201911001', 'hw-photo-1', 'assignmentImage', 'camera.jpg', 'image/jpeg');
    const handedIn = (await call('/api/homeSchool/myHomework/submit', { assignmentId: id, studentId, text: '已朗读三遍。', images: [photo], parentMessage: '孩子读得很认真。' }, 'jz201911001', EN)).json();
    expect(handedIn).toMatchObject({ result: true, msg: 'Handed in', data: { status: 'submitted', late: false } });
    expect((await bell('T0002'))[0]).toMatchObject({ MESSAGE_TITLE: '张小明已提交：朗读课文《春》', MESSAGE_LINK: `/jxhd/zyfb?id=${id}&student=${studentId}` });

    // The teacher opens it ("to be checked") and sees the picture; asks for a revision.
    const work = (await call('/api/homeSchool/assignments/work', { assignmentId: id, studentId }, 'T0002')).json().data;
    expect(work).toMatchObject({ status: 'to_check', studentAccount: '201911001', parentMessage: '孩子读得很认真。', submission: { text: '已朗读三遍。', submittedByName: '张小明家长' } });
    expect(work.submission.attachments.images).toEqual([expect.objectContaining({ id: photo })]);
    expect((await t.inject({ method: 'GET', url: `/file/download/${photo}`, headers: { [t.config.tokenHeader]: tokens['T0002']! } })).statusCode).toBe(200);
    const asked = (await call('/api/homeSchool/assignments/revise', { assignmentId: id, studentIds: [studentId], note: '第二段语气再自然些。' }, 'T0002', EN)).json();
    expect(asked).toMatchObject({ result: true, msg: '1 asked to revise' });
    expect((await bell('201911001'))[0]).toMatchObject({ MESSAGE_TITLE: '请订正作业：朗读课文《春》', MESSAGE_LINK: `/jxhd/wdzy?id=${id}` });

    // The student sees it under "to revise" and hands in the revision.
    const toRevise = (await call('/api/homeSchool/myHomework/page', { currPage: 0, limit: 20, search: { tab: 'toRevise' } }, '201911001')).json().data;
    expect(toRevise.rows.map((r: { assignmentId: number }) => r.assignmentId)).toContain(id);
    expect(toRevise.counts.toRevise).toBe(toRevise.total);
    const mine = (await call('/api/homeSchool/myHomework/get', { assignmentId: id }, '201911001')).json().data;
    expect(mine.work).toMatchObject({ status: 'to_revise', revisionNote: '第二段语气再自然些。' });
    const revised = (await call('/api/homeSchool/myHomework/submit', { assignmentId: id, text: '重新朗读了第二段。' }, '201911001', EN)).json();
    expect(revised).toMatchObject({ result: true, msg: 'The revision was handed in', data: { status: 'revised_pending' } });
    expect((await bell('T0002'))[0]).toMatchObject({ MESSAGE_TITLE: '张小明已提交订正：朗读课文《春》' });

    // The teacher approves; the family is told.
    const approved = (await call('/api/homeSchool/assignments/approve', { assignmentId: id, studentIds: [studentId], comment: '很好！' }, 'T0002', EN)).json();
    expect(approved).toMatchObject({ result: true, msg: '1 revisions approved' });
    expect((await bell('jz201911001'))[0]).toMatchObject({ MESSAGE_TITLE: '订正已通过：朗读课文《春》' });
    const final = (await call('/api/homeSchool/assignments/work', { assignmentId: id, studentId }, 'T0002')).json().data;
    expect(final).toMatchObject({ status: 'revised_approved', comment: '很好！', revision: { text: '重新朗读了第二段。', submittedByName: '张小明' } });
    const listed = (await call('/api/homeSchool/assignments/page', { currPage: 0, limit: 50 }, 'T0002')).json().data.rows.find((r: { id: number }) => r.id === id);
    expect(listed.progress).toMatchObject({ total: size, submitted: 1, corrected: 1, missing: size - 1, waiting: 0 });

    // Nothing more can be handed in.
    const again = (await call('/api/homeSchool/myHomework/submit', { assignmentId: id, text: '再交一次' }, '201911001', EN)).json();
    expect(again).toMatchObject({ result: false, msg: 'This homework cannot be handed in now: it is Revision approved' });

    // Deleting takes the work and its messages with it.
    expect((await call('/api/homeSchool/assignments/delete', { ids: [id] }, 'T0002')).json().result).toBe(true);
    const [left] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages WHERE link = ${`/jxhd/wdzy?id=${id}`} OR link LIKE ${`/jxhd/wdzy?id=${id}&%`} OR link LIKE ${`/jxhd/zyfb?id=${id}&%`}`);
    expect(left!.n).toBe(0);
    expect((await call('/api/homeSchool/myHomework/get', { assignmentId: id }, '201911001')).statusCode).toBe(404);
  });

  it('marks a hand-in after the end time late; corrects one or several at once with a score when graded', async () => {
    const { classId, studentId } = await demoClass();
    const created = (await call('/api/homeSchool/assignments/create', { ...assignment({ title: '数学练习三', graded: true, needsRevision: false }), classIds: [classId] }, 'T0002')).json();
    const id = created.data.id as number;
    await t.database.db.execute(sql`UPDATE assignments SET end_at = now() - interval '1 hour' WHERE id = ${id}`);
    const overdue = (await call('/api/homeSchool/myHomework/page', { currPage: 0, limit: 50, search: { tab: 'overdue' } }, '201911001')).json().data;
    expect(overdue.rows.map((r: { assignmentId: number }) => r.assignmentId)).toContain(id);
    const late = (await call('/api/homeSchool/myHomework/submit', { assignmentId: id, text: '第1-10题' }, '201911001', EN)).json();
    expect(late).toMatchObject({ result: true, msg: 'Handed in after the end time; it is marked late', data: { late: true } });
    // Handed in, not opened by the teacher yet: it may be handed in again.
    expect((await call('/api/homeSchool/myHomework/submit', { assignmentId: id, text: '第1-12题' }, '201911001')).json().result).toBe(true);

    // Graded: a score or a grade is needed; not a revision (not asked for).
    for (const [headers, text] of [
      [EN, 'This homework is graded: give a score or a grade'],
      [ZH, '该作业需要评分：请填写分数或等级'],
    ] as const) {
      const refused = (await call('/api/homeSchool/assignments/correct', { assignmentId: id, studentIds: [studentId], comment: '好' }, 'T0002', headers)).json();
      expect(refused).toMatchObject({ result: false, msg: text });
    }
    expect((await call('/api/homeSchool/assignments/correct', { assignmentId: id, studentIds: [studentId], score: 101 }, 'T0002', EN)).json().msg).toBe(
      'The score is a number from 0 to 100 with at most one decimal',
    );
    expect((await call('/api/homeSchool/assignments/revise', { assignmentId: id, studentIds: [studentId], note: 'x' }, 'T0002', EN)).json().msg).toBe(
      'This homework does not ask for revisions',
    );

    // Several at once: one who has not handed in stops the whole batch, naming them.
    const [other] = await rows<{ id: number; name: string }>(sql`
      SELECT s.id, s.name FROM students s WHERE s.class_id = ${classId} AND s.id <> ${studentId} AND s.in_school_status = '1' ORDER BY s.student_number LIMIT 1`);
    const batch = (await call('/api/homeSchool/assignments/correct', { assignmentId: id, studentIds: [studentId, other!.id], score: 92.5 }, 'T0002', EN)).json();
    expect(batch).toMatchObject({ result: false, msg: `${other!.name}: the homework cannot go from To submit to Corrected` });
    expect(await workStatus(id, studentId)).toBe('submitted');
    const corrected = (await call('/api/homeSchool/assignments/correct', { assignmentId: id, studentIds: [studentId], score: 92.5, grade: 'A', comment: '步骤清楚' }, 'T0002', EN)).json();
    expect(corrected).toMatchObject({ result: true, msg: '1 corrected' });
    const done = (await call('/api/homeSchool/myHomework/page', { currPage: 0, limit: 50, search: { tab: 'done' } }, '201911001')).json().data;
    expect(done.rows.find((r: { assignmentId: number }) => r.assignmentId === id)).toMatchObject({ status: 'corrected', score: 92.5, grade: 'A', late: true });

    // The teacher's filters: late and missing.
    const lateRows = (await call('/api/homeSchool/assignments/works', { id, currPage: 0, limit: 100, search: { status: 'late' } }, 'T0002')).json().data;
    expect(lateRows.rows.map((r: { studentId: number }) => r.studentId)).toEqual([studentId]);
    const missing = (await call('/api/homeSchool/assignments/works', { id, currPage: 0, limit: 100, search: { status: 'missing' } }, 'T0002')).json().data;
    expect(missing.rows.some((r: { studentId: number }) => r.studentId === studentId)).toBe(false);

    // Reminding the parents of the missing ones, at most every 10 minutes; an ended assignment is view-only.
    const reminded = (await call('/api/homeSchool/assignments/remind', { id }, 'T0002', EN)).json();
    expect(reminded).toMatchObject({ result: true, msg: `The parents of ${missing.total} students who have not handed it in were reminded` });
    expect((await call('/api/homeSchool/assignments/remind', { id }, 'T0002', EN)).json().msg).toBe('The parents were reminded less than 10 minutes ago; try again later');
    const modify = (await call('/api/homeSchool/assignments/update', { id, ...assignment({ graded: true }) }, 'T0002', ZH)).json();
    expect(modify).toMatchObject({ result: false, msg: '该记录已过期，只能查看' });
  });

  it('an assignment without online submission is "no submission needed"', async () => {
    const { classId } = await demoClass();
    const created = (await call('/api/homeSchool/assignments/create', { ...assignment({ title: '预习第五课', onlineSubmission: false }), classIds: [classId] }, 'T0002')).json();
    const id = created.data.id as number;
    const mine = (await call('/api/homeSchool/myHomework/get', { assignmentId: id }, '201911001')).json().data;
    expect(mine).toMatchObject({ status: 'no_submission', canSubmit: false });
    expect((await call('/api/homeSchool/myHomework/submit', { assignmentId: id, text: '预习了' }, '201911001', EN)).json().msg).toBe('This homework does not ask for online submission');
    expect((await call('/api/homeSchool/assignments/update', { id, ...assignment({ onlineSubmission: true }) }, 'T0002', EN)).json().msg).toBe(
      'Whether it needs online submission cannot change after it has been assigned',
    );
  });
});

describe('homework: refusals change nothing', () => {
  it('refuses bad input and other people’s classes, children and work, in both languages', async () => {
    const { classId, studentId } = await demoClass();
    const outsider = await teacherOutsideDemoClass(t);
    // Staff outside the demo accounts have no password yet: give this one the demo password.
    const hash = await hashPassword(outsider, DEMO_PASSWORD, t.config.argon2);
    await t.database.db.execute(sql`UPDATE users SET password_hash = ${hash} WHERE account = ${outsider}`);
    tokens[outsider] = await t.login(outsider);
    const [before] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM assignments`);
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['T0002', { ...assignment(), classIds: [] }, 'Choose who it is for: classes, teaching classes or students', '请选择布置对象：班级、教学班或学生'],
      ['T0002', { ...assignment({ title: ' ' }), classIds: [classId] }, 'The title is required', '标题不能为空'],
      ['T0002', { ...assignment({ content: '<p> </p>' }), classIds: [classId] }, 'The content is required', '内容不能为空'],
      ['T0002', { ...assignment({ endAt: inHours(-1) }), classIds: [classId] }, 'The end time must be later than now', '截止时间须晚于当前时间'],
      ['T0002', { ...assignment({ endAt: '2026-13-01 08:00' }), classIds: [classId] }, 'Enter the end time as YYYY-MM-DD HH:mm', '截止时间格式应为 YYYY-MM-DD HH:mm'],
      ['T0002', { ...assignment(), classIds: [classId], recordings: ['a', 'b', 'c', 'd'] }, 'At most 3 recordings can be attached', '最多3段录音'],
      ['T0002', { ...assignment(), classIds: [classId], images: ['not-mine-file'] }, 'was not uploaded by you', '不是您上传的'],
      [outsider, { ...assignment(), classIds: [classId] }, 'You can only assign homework to the classes and students you teach', '只能给您任教的班级和学生布置作业'],
      [outsider, { ...assignment(), studentIds: [studentId] }, 'You can only assign homework to the classes and students you teach', '只能给您任教的班级和学生布置作业'],
      ['201911001', { ...assignment(), classIds: [classId] }, 'please contact the system administrator', '请联系系统管理员'],
    ];
    for (const [account, body, en, zh] of cases) {
      expect((await call('/api/homeSchool/assignments/create', body, account, EN)).json().msg, en).toContain(en);
      expect((await call('/api/homeSchool/assignments/create', body, account, ZH)).json().msg, zh).toContain(zh);
    }
    const [after] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM assignments`);
    expect(after!.n).toBe(before!.n);

    const id = (await call('/api/homeSchool/assignments/create', { ...assignment(), classIds: [classId] }, 'T0002')).json().data.id as number;
    // Another teacher cannot see, correct or delete it.
    expect((await call('/api/homeSchool/assignments/get', { id }, outsider)).statusCode).toBe(404);
    expect((await call('/api/homeSchool/assignments/works', { id, currPage: 0, limit: 10 }, outsider)).statusCode).toBe(404);
    expect((await call('/api/homeSchool/assignments/delete', { ids: [id] }, outsider, EN)).json().msg).toBe('You have no right to edit/delete this data');
    // A parent cannot open or hand in for someone else's child; an empty hand-in is refused.
    const [stranger] = await rows<{ id: number }>(sql`
      SELECT s.id FROM students s WHERE s.class_id = ${classId} AND s.id NOT IN (SELECT student_id FROM guardians WHERE parent_user_id = (SELECT id FROM users WHERE account = 'jz201911001')) LIMIT 1`);
    expect((await call('/api/homeSchool/myHomework/get', { assignmentId: id, studentId: stranger!.id }, 'jz201911001')).statusCode).toBe(404);
    for (const search of [{ studentId: stranger!.id }, { studentId: stranger!.id, title: '朗读' }]) {
      expect((await call('/api/homeSchool/myHomework/page', { currPage: 0, limit: 10, search }, 'jz201911001')).statusCode).toBe(404);
    }
    expect((await call('/api/homeSchool/myHomework/submit', { assignmentId: id, studentId: stranger!.id, text: 'x' }, 'jz201911001')).statusCode).toBe(404);
    expect((await call('/api/homeSchool/myHomework/submit', { assignmentId: id, text: 'x' }, 'jz201911001', EN)).json().msg).toBe('Choose the child you hand in for');
    for (const [headers, text] of [
      [EN, 'Write something or attach a picture, document or recording'],
      [ZH, '请填写作业内容或上传图片、文档、录音'],
    ] as const) {
      expect((await call('/api/homeSchool/myHomework/submit', { assignmentId: id, studentId, text: ' ' }, 'jz201911001', headers)).json().msg).toBe(text);
    }
    // A teacher's files cannot be handed in by the student.
    const foreign = await fileOf('T0002', 'hw-foreign-1', 'assignmentImage', 'x.png', 'image/png');
    expect((await call('/api/homeSchool/myHomework/submit', { assignmentId: id, images: [foreign] }, '201911001', EN)).json().msg).toContain('was not uploaded by you');
    expect(await workStatus(id, studentId)).toBe('to_submit');
    // A student cannot use the teacher's calls.
    expect((await call('/api/homeSchool/assignments/correct', { assignmentId: id, studentIds: [studentId], comment: 'x' }, '201911001', EN)).json().msg).toContain('contact the system administrator');
    // The teacher's "to correct" figure and the status machine: approving what was never revised is refused.
    expect((await call('/api/homeSchool/assignments/approve', { assignmentId: id, studentIds: [studentId] }, 'T0002', EN)).json().msg).toBe(
      '张小明: the homework cannot go from To submit to Revision approved',
    );
  });

  it('the demo school has homework in every status, for the teacher, the student and the parent', async () => {
    const [seeded] = await rows<{ statuses: string[] }>(sql`SELECT array_agg(DISTINCT status) AS statuses FROM homework_works`);
    expect(seeded!.statuses.sort()).toEqual(['corrected', 'no_submission', 'revised_approved', 'revised_pending', 'submitted', 'to_check', 'to_revise', 'to_submit', 'viewed'].sort());
    const teacher = (await call('/api/homeSchool/assignments/page', { currPage: 0, limit: 20 }, 'T0002')).json().data;
    expect(teacher.total).toBeGreaterThanOrEqual(3);
    const student = (await call('/api/homeSchool/myHomework/page', { currPage: 0, limit: 20 }, '201911001')).json().data;
    expect(student.counts.due).toBeGreaterThan(0);
    expect(student.counts.done).toBeGreaterThan(0);
    const children = (await call('/api/homeSchool/myHomework/children', {}, 'jz201911001')).json().data;
    expect(children.length).toBeGreaterThanOrEqual(1);
    const parent = (await call('/api/homeSchool/myHomework/page', { currPage: 0, limit: 20, search: { studentId: children[0].id } }, 'jz201911001')).json().data;
    expect(parent.total).toBe(student.total);
    // Without a title the pages of callers at the same moment go to the database together: each gets its own.
    const [other] = await rows<{ account: string }>(sql`
      SELECT u.account FROM homework_works w JOIN students s ON s.id = w.student_id JOIN users u ON u.id = s.user_id
      WHERE w.status NOT IN ('to_submit', 'viewed', 'to_revise') AND u.account <> '201911001' ORDER BY u.account LIMIT 1`);
    await t.database.db.execute(sql`UPDATE users SET password_hash = ${await hashPassword(other!.account, DEMO_PASSWORD, t.config.argon2)} WHERE account = ${other!.account}`);
    tokens[other!.account] = await t.login(other!.account);
    const accounts = ['201911001', 'jz201911001', other!.account, '201911001', 'jz201911001'];
    const together = await Promise.all(accounts.map((account) => call('/api/homeSchool/myHomework/page', { currPage: 0, limit: 20, search: { tab: 'done' } }, account)));
    const alone: { total: number; rows: { studentId: number; title: string; assignmentId: number }[] }[] = [];
    for (const account of accounts) alone.push((await call('/api/homeSchool/myHomework/page', { currPage: 0, limit: 20, search: { tab: 'done' } }, account)).json().data);
    expect(together.map((response) => response.json().data)).toEqual(alone);
    expect(alone[0].rows.length).toBeGreaterThan(0);
    expect(alone[0].rows.every((row: { studentId: number }) => row.studentId === alone[0].rows[0].studentId)).toBe(true);
    expect(alone[2].rows.length).toBeGreaterThan(0);
    expect(alone[2].rows[0].studentId).not.toBe(alone[0].rows[0].studentId);
    // A title goes its own way and finds the same rows as the page it narrows.
    const title = alone[0].rows[0].title as string;
    const narrowed = (await call('/api/homeSchool/myHomework/page', { currPage: 0, limit: 20, search: { tab: 'done', title } }, '201911001')).json().data;
    expect(narrowed.rows.map((row: { assignmentId: number }) => row.assignmentId)).toEqual(
      alone[0].rows.filter((row: { title: string }) => row.title.includes(title)).map((row: { assignmentId: number }) => row.assignmentId),
    );
  });
});
