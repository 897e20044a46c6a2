import { sql } from 'drizzle-orm';
import type { AwardStudent, PagedResult } from '@campus/contract';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { students } from '../../../db/schema/index.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { aliased, countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { ownStudentIds, taughtClassIds } from '../../../platform/scope.ts';

/** The chooser's keyword: the student's number, name or the name's pinyin initials. */
const CHOOSABLE_KEYWORD = keywordColumns(students.studentNumber, students.name, students.nameInitials);

/**
 * In-school students a teacher may choose in a form (a conduct record, an award): those of the classes
 * they lead or teach, or every student when the screen's `:all` right says so; found by number or name,
 * with their ids (the student list's wire answers carry none). Shared by the areas that pick students.
 */
export async function pageChoosableStudents(
  db: DbOrTx,
  auth: AuthContext,
  everyone: boolean,
  keyword: string | undefined,
  page: { offset: number; limit: number },
): Promise<PagedResult<AwardStudent>> {
  const where = sql.join(
    [
      sql`s.in_school_status = '1'`,
      everyone ? sql`TRUE` : sql`s.class_id IN (${taughtClassIds(auth)})`,
      matchKeyword(keyword, CHOOSABLE_KEYWORD, aliased('s')) ?? sql`TRUE`,
    ],
    sql` AND `,
  );
  const [counted, rows] = await Promise.all([
    countMatches(db, sql`SELECT 1 FROM students s WHERE ${where}`, keyword),
    queryRows<AwardStudent>(db, sql`
      SELECT s.id, s.student_number AS "studentNumber", s.name, coalesce(c.name, '') AS "className"
      FROM students s LEFT JOIN classes c ON c.id = s.class_id WHERE ${where}
      ORDER BY c.code NULLS LAST, s.student_number LIMIT ${page.limit} OFFSET ${page.offset}`),
  ]);
  return { ...counted, rows };
}

/** A child the caller may act for: a parent's children, a student themselves (staff: none). */
export interface OwnChild {
  id: number;
  name: string;
  className: string;
}

/** The caller's children (a student: themselves), in school order: the child choosers of the family pages. */
export async function ownChildren(db: DbOrTx, auth: AuthContext): Promise<OwnChild[]> {
  return queryRows<OwnChild>(db, sql`
    SELECT s.id, s.name, coalesce(c.name, '') AS "className" FROM students s LEFT JOIN classes c ON c.id = s.class_id
    WHERE s.id IN (${ownStudentIds(auth)}) ORDER BY s.student_number`);
}
