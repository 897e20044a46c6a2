import { sql } from 'drizzle-orm';
import { apiKit, type TestApp } from '../../../test/helpers.ts';

/** Helpers shared by the awards tests (not a test file itself). */
export function awardsTestKit(t: TestApp, tokens: Record<string, string>) {
  const api = apiKit(t, tokens);
  const { rows } = api;

  /** A small picture owned by `account`, stored as the upload call would store it. */
  async function pictureOf(account: string, id: string): Promise<string> {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    await t.database.db.execute(sql`
      INSERT INTO files (id, owner_user_id, purpose, original_name, mime_type, size, sha256)
      SELECT ${id}, u.id, 'image', 'award.png', 'image/png', ${png.length}, 'x' FROM users u WHERE u.account = ${account}`);
    await t.database.db.execute(sql`INSERT INTO file_chunks (file_id, start_byte, data) VALUES (${id}, 0, ${png})`);
    return id;
  }

  /** Students of the class T0002 leads (201911001's), the demo student first. */
  async function demoClassStudents(): Promise<{ id: number; studentNumber: string; name: string }[]> {
    return rows(sql`
      SELECT s.id, s.student_number AS "studentNumber", s.name FROM students s
      WHERE s.class_id = (SELECT class_id FROM students WHERE student_number = '201911001') AND s.in_school_status = '1'
      ORDER BY (s.student_number <> '201911001'), s.student_number`);
  }

  /** A student of a class T0002 neither leads nor teaches. */
  async function foreignStudent(): Promise<{ id: number; studentNumber: string }> {
    const [row] = await rows<{ id: number; studentNumber: string }>(sql`
      SELECT s.id, s.student_number AS "studentNumber" FROM students s WHERE s.in_school_status = '1' AND s.class_id NOT IN (
        SELECT c.id FROM classes c JOIN staff st ON st.id = c.class_teacher_id JOIN users u ON u.id = st.user_id WHERE u.account = 'T0002'
        UNION SELECT te.class_id FROM timetable_entries te JOIN staff st ON st.id = te.teacher_id JOIN users u ON u.id = st.user_id WHERE u.account = 'T0002')
      ORDER BY s.id LIMIT 1`);
    return row!;
  }

  return { ...api, pictureOf, demoClassStudents, foreignStudent };
}
