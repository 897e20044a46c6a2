import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { apiKit, createTestApp, loginDemoAccounts, type TestApp } from '../../../test/helpers.ts';

/**
 * Issue 18: the home-school lists find rows by one or two characters, by a person's pinyin initials and by
 * longer text (platform/keyword.ts). Each answer is held against the same search done plainly in SQL.
 */
let t: TestApp;
let tokens: Record<string, string>;
const { call, rows, one } = apiKit(() => t, () => tokens);

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

type Row = Record<string, unknown>;

/** A list's first 500 rows for a search, as `account`, with the row keys `key` picks, sorted. */
async function listed(url: string, account: string, search: Record<string, unknown>, key: string, extra: Record<string, unknown> = {}) {
  const response = await call(url, { currPage: 0, limit: 500, search, ...extra }, account);
  expect(response.statusCode, `${url} ${JSON.stringify(search)}`).toBe(200);
  const data = response.json().data as { total: number; totalCapped?: boolean; rows: Row[] };
  return { total: data.total, keys: data.rows.map((row) => String(row[key])).sort() };
}

/** The keys a plain SQL search finds, in the shape `listed` answers. */
async function expected(query: SQL) {
  const keys = (await rows<{ key: string | number }>(query)).map((row) => String(row.key)).sort();
  return { total: keys.length, keys };
}

/** The text holds the keyword, case aside: what every keyword column's match means. */
const holds = (column: SQL, keyword: string) => sql`strpos(lower(${column}), ${keyword.toLowerCase()}) > 0`;

/** A name's surname, its given name (or the two characters of a two-character name), and its initials. */
function namePieces(name: string, initials: string): string[] {
  const characters = [...name];
  return [characters[0]!, characters.slice(-2).join(''), initials, initials.toUpperCase()];
}

async function checkAll(keywords: string[], run: (keyword: string) => Promise<void>) {
  for (const keyword of keywords) await run(keyword);
}

describe('home-school lists: keyword search', () => {
  it('homework: the assignments by title, an assignment’s students by name, initials or number, a family’s homework by title', async () => {
    const demo = await one<{ classId: number; teacherId: number }>(sql`
      SELECT s.class_id AS "classId", (SELECT id FROM users WHERE account = 'T0002') AS "teacherId"
      FROM students s JOIN users u ON u.id = s.user_id WHERE u.account = '201911001'`);
    const made = await rows<{ id: number }>(sql`
      INSERT INTO assignments (title, content, publisher_user_id, end_at, class_ids)
      SELECT title, '', ${demo.teacherId}, now() + interval '2 days', ${JSON.stringify([demo.classId])}::jsonb
      FROM (VALUES ('侯老师的寒假阅读'), ('口算练习'), ('Unit 3 Reading')) AS made(title) RETURNING id`);
    await t.database.db.execute(sql`
      INSERT INTO homework_works (assignment_id, student_id, status)
      SELECT a.id, s.id, 'to_submit' FROM students s CROSS JOIN unnest(${sql.param(made.map((row) => row.id))}::int[]) AS a(id)
      WHERE s.class_id = ${demo.classId} AND s.in_school_status = '1'`);

    await checkAll(['侯', '寒假', '寒假阅读', 'un', 'READ', 'reading'], async (keyword) => {
      const found = await listed('/api/homeSchool/assignments/page', 'T0002', { title: keyword }, 'id');
      expect(found, keyword).toEqual(await expected(sql`SELECT id AS key FROM assignments WHERE publisher_user_id = ${demo.teacherId} AND ${holds(sql`title`, keyword)}`));
      expect(found.total, keyword).toBeGreaterThan(0);
      const mine = await listed('/api/homeSchool/myHomework/page', 'jz201911001', { title: keyword }, 'assignmentId');
      expect(mine, keyword).toEqual(
        await expected(sql`
          SELECT a.id AS key FROM homework_works w JOIN assignments a ON a.id = w.assignment_id
          WHERE w.student_id = (SELECT s.id FROM students s JOIN users u ON u.id = s.user_id WHERE u.account = '201911001') AND ${holds(sql`a.title`, keyword)}`),
      );
      expect(mine.total, keyword).toBeGreaterThan(0);
    });

    const assignmentId = made[0]!.id;
    const student = await one<{ name: string; initials: string; number: string }>(sql`
      SELECT s.name, s.name_initials AS initials, s.student_number AS number FROM homework_works w JOIN students s ON s.id = w.student_id
      WHERE w.assignment_id = ${assignmentId} ORDER BY s.student_number DESC LIMIT 1`);
    await checkAll([...namePieces(student.name, student.initials), student.number.slice(-3)], async (keyword) => {
      const found = await listed('/api/homeSchool/assignments/works', 'T0002', { keyword }, 'studentNumber', { id: assignmentId });
      expect(found, keyword).toEqual(
        await expected(sql`
          SELECT s.student_number AS key FROM homework_works w JOIN students s ON s.id = w.student_id
          WHERE w.assignment_id = ${assignmentId} AND (${holds(sql`s.name`, keyword)} OR ${holds(sql`s.name_initials`, keyword)} OR ${holds(sql`s.student_number`, keyword)})`),
      );
      expect(found.keys, keyword).toContain(student.number);
    });
    // Wildcards are text.
    expect((await listed('/api/homeSchool/assignments/works', 'T0002', { keyword: '%' }, 'studentNumber', { id: assignmentId })).total).toBe(0);
  });

  it('homework and notices past 1,000 matches: the page is the newest matches, detailed, and the total says 1,000+', async () => {
    const teacher = await one<{ id: number; classId: number }>(sql`
      SELECT (SELECT id FROM users WHERE account = 'T0002') AS id, s.class_id AS "classId" FROM students s JOIN users u ON u.id = s.user_id WHERE u.account = '201911001'`);
    // 1,005 of each titled with a word nothing else holds, a few seconds apart (the lists' order). The
    // teacher's homework walks the publisher's time index, the administrator's notices the kind's.
    const lists = [
      {
        url: '/api/homeSchool/assignments/page', account: 'T0002', table: sql`assignments`, scope: sql`publisher_user_id = ${teacher.id}`,
        insert: sql`INSERT INTO assignments (title, content, publisher_user_id, end_at, class_ids, created_at)
          SELECT '甪直研学第' || n || '篇', '', ${teacher.id}, now() + interval '2 days', ${JSON.stringify([teacher.classId])}::jsonb, now() - n * interval '5 seconds'
          FROM generate_series(1, 1005) AS n RETURNING id`,
        detailed: (row: Row) => row.publisherName !== '' && (row.progress as { total: number }).total === 0,
      },
      {
        url: '/api/homeSchool/notices/page', account: 'admin', table: sql`notices`, scope: sql`kind = 'notice'`,
        insert: sql`INSERT INTO notices (kind, title, content, publisher_user_id, status, created_at)
          SELECT 'notice', '甪直研学第' || n || '期', '', ${teacher.id}, 'delivered', now() - n * interval '5 seconds'
          FROM generate_series(1, 1005) AS n RETURNING id`,
        detailed: (row: Row) => row.publisherName !== '',
      },
    ];
    for (const list of lists) {
      const made = await rows<{ id: number }>(list.insert);
      try {
        for (const [keyword, currPage] of [['甪直', 0], ['甪直研学', 3]] as const) {
          const response = await call(list.url, { currPage, limit: 10, search: { title: keyword } }, list.account);
          const data = response.json().data as { total: number; totalCapped?: boolean; rows: Row[] };
          expect({ total: data.total, capped: data.totalCapped }, `${list.url} ${keyword}`).toEqual({ total: 1000, capped: true });
          const newest = await rows<{ id: number }>(sql`
            SELECT id FROM ${list.table} WHERE ${list.scope} AND title LIKE ${`%${keyword}%`} ORDER BY created_at DESC, id DESC LIMIT 10 OFFSET ${currPage * 10}`);
          expect(data.rows.map((row) => row.id), `${list.url} ${keyword}`).toEqual(newest.map((row) => row.id));
          expect(data.rows.every((row) => String(row.title).includes(keyword) && list.detailed(row)), `${list.url} ${keyword}`).toBe(true);
        }
        // At the cap the count is exact and the page comes from the collected matches.
        await t.database.db.execute(sql`DELETE FROM ${list.table} WHERE id = ANY(${sql.param(made.slice(0, 5).map((row) => row.id))}::int[])`);
        const atCap = (await call(list.url, { currPage: 0, limit: 10, search: { title: '甪直' } }, list.account)).json().data as { total: number; totalCapped?: boolean; rows: unknown[] };
        expect({ total: atCap.total, capped: atCap.totalCapped, rows: atCap.rows.length }, list.url).toEqual({ total: 1000, capped: undefined, rows: 10 });
      } finally {
        await t.database.db.execute(sql`DELETE FROM ${list.table} WHERE id = ANY(${sql.param(made.map((row) => row.id))}::int[])`);
      }
    }
  });

  it('notices and events by title, a notice’s receipts by name, initials or account, 我的通知 by title', async () => {
    const publisher = sql`(SELECT id FROM users WHERE account = 'T0002')`;
    await checkAll(['运', '家长', '家长会通知'], async (keyword) => {
      const found = await listed('/api/homeSchool/notices/page', 'T0002', { title: keyword }, 'id');
      expect(found, keyword).toEqual(await expected(sql`SELECT id AS key FROM notices WHERE kind = 'notice' AND publisher_user_id = ${publisher} AND ${holds(sql`title`, keyword)}`));
      expect(found.total, keyword).toBeGreaterThan(0);
    });
    const events = await listed('/api/homeSchool/events/page', 'T0002', { title: '运动' }, 'id');
    expect(events).toEqual(await expected(sql`SELECT id AS key FROM notices WHERE kind = 'event' AND publisher_user_id = ${publisher} AND ${holds(sql`title`, '运动')}`));
    expect(events.total).toBeGreaterThan(0);

    const notice = await one<{ id: number }>(sql`SELECT id FROM notices WHERE title = '本周五家长会通知'`);
    const reader = await one<{ name: string; initials: string; account: string }>(sql`
      SELECT u.display_name AS name, u.name_initials AS initials, u.account FROM notice_recipients nr JOIN users u ON u.id = nr.user_id
      WHERE nr.notice_id = ${notice.id} ORDER BY nr.user_id DESC LIMIT 1`);
    expect(reader.initials).not.toBe('');
    await checkAll([...namePieces(reader.name, reader.initials), reader.account.slice(-4)], async (keyword) => {
      const found = await listed('/api/homeSchool/notices/receipts', 'T0002', { keyword }, 'account', { id: notice.id });
      expect(found, keyword).toEqual(
        await expected(sql`
          SELECT u.account AS key FROM notice_recipients nr JOIN users u ON u.id = nr.user_id
          WHERE nr.notice_id = ${notice.id} AND (${holds(sql`u.display_name`, keyword)} OR ${holds(sql`u.name_initials`, keyword)} OR ${holds(sql`u.account`, keyword)})`),
      );
      expect(found.keys, keyword).toContain(reader.account);
    });

    await checkAll(['家', '家长', '期末考试'], async (keyword) => {
      const found = await listed('/api/homeSchool/myNotices/page', 'jz201911001', { title: keyword }, 'id');
      expect(found, keyword).toEqual(
        await expected(sql`
          SELECT n.id AS key FROM notice_recipients nr JOIN notices n ON n.id = nr.notice_id
          WHERE nr.user_id = (SELECT id FROM users WHERE account = 'jz201911001') AND ${holds(sql`n.title`, keyword)}`),
      );
      expect(found.total, keyword).toBeGreaterThan(0);
    });
  });

  it('conduct records by the student’s name, initials or number or by the text; a parent’s by the same', async () => {
    const record = await one<{ name: string; initials: string }>(sql`
      SELECT s.name, s.name_initials AS initials FROM conduct_records r JOIN students s ON s.id = r.student_id ORDER BY r.id LIMIT 1`);
    const matches = (keyword: string) => sql`(${holds(sql`s.name`, keyword)} OR ${holds(sql`s.name_initials`, keyword)} OR ${holds(sql`s.student_number`, keyword)} OR ${holds(sql`r.content`, keyword)})`;
    await checkAll([...namePieces(record.name, record.initials), '表扬', '岳阳楼记'], async (keyword) => {
      const found = await listed('/api/homeSchool/conduct/page', 'admin', { keyword }, 'id');
      expect(found, keyword).toEqual(await expected(sql`SELECT r.id AS key FROM conduct_records r JOIN students s ON s.id = r.student_id WHERE ${matches(keyword)}`));
      expect(found.total, keyword).toBeGreaterThan(0);
    });
    const parentsOwn = await listed('/api/homeSchool/conductReplies/page', 'jz201911001', { keyword: '岳阳' }, 'id');
    expect(parentsOwn).toEqual(
      await expected(sql`
        SELECT r.id AS key FROM conduct_records r JOIN students s ON s.id = r.student_id
        WHERE r.student_id IN (SELECT g.student_id FROM guardians g WHERE g.parent_user_id = (SELECT id FROM users WHERE account = 'jz201911001')) AND ${matches('岳阳')}`),
    );
    expect(parentsOwn.total).toBe(1);
  });

  it('the SMS outbox by phone, text, or the child’s or parent’s name or initials', async () => {
    const text = await one<{ student: string; studentInitials: string; parent: string; parentInitials: string; phone: string }>(sql`
      SELECT s.name AS student, s.name_initials AS "studentInitials", r.display_name AS parent, r.name_initials AS "parentInitials", m.phone
      FROM sms_messages m JOIN students s ON s.id = m.student_id JOIN users r ON r.id = m.recipient_user_id ORDER BY m.id LIMIT 1`);
    const keywords = [...namePieces(text.student, text.studentInitials), ...namePieces(text.parent, text.parentInitials), text.phone.slice(-4), '家长会'];
    await checkAll(keywords, async (keyword) => {
      const found = await listed('/api/homeSchool/sms/page', 'admin', { keyword }, 'id');
      expect(found, keyword).toEqual(
        await expected(sql`
          SELECT m.id AS key FROM sms_messages m LEFT JOIN students s ON s.id = m.student_id LEFT JOIN users r ON r.id = m.recipient_user_id
          WHERE ${holds(sql`m.phone`, keyword)} OR ${holds(sql`m.content`, keyword)} OR ${holds(sql`s.name`, keyword)} OR ${holds(sql`s.name_initials`, keyword)}
             OR ${holds(sql`r.display_name`, keyword)} OR ${holds(sql`r.name_initials`, keyword)}`),
      );
      expect(found.total, keyword).toBeGreaterThan(0);
    });
  });

  it('the family committee by the parent’s or the child’s name or initials, or the child’s number', async () => {
    const member = await one<{ parent: string; parentInitials: string; student: string; studentInitials: string }>(sql`
      SELECT u.display_name AS parent, u.name_initials AS "parentInitials", s.name AS student, s.name_initials AS "studentInitials"
      FROM family_committee_members m JOIN users u ON u.id = m.parent_user_id JOIN students s ON s.id = m.student_id ORDER BY m.id LIMIT 1`);
    await checkAll([...namePieces(member.parent, member.parentInitials), ...namePieces(member.student, member.studentInitials)], async (keyword) => {
      const found = await listed('/api/homeSchool/familyCommittee/page', 'admin', { keyword }, 'id');
      expect(found, keyword).toEqual(
        await expected(sql`
          SELECT m.id AS key FROM family_committee_members m JOIN users u ON u.id = m.parent_user_id JOIN students s ON s.id = m.student_id
          WHERE ${holds(sql`u.display_name`, keyword)} OR ${holds(sql`u.name_initials`, keyword)} OR ${holds(sql`s.name`, keyword)}
             OR ${holds(sql`s.name_initials`, keyword)} OR ${holds(sql`s.student_number`, keyword)}`),
      );
      expect(found.total, keyword).toBeGreaterThan(0);
    });
  });
});
