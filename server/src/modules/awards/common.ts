import { sql, type SQL } from 'drizzle-orm';
import { AWARD_PICTURE_PURPOSE, type AwardPicture, type AwardStudent } from '@campus/contract';
import { intArray, queryRows, textArray, type DbOrTx, type Tx } from '../../db/client.ts';
import type { Caller } from '../../platform/caller.ts';
import type { AuthContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { pageChoosableStudents } from '../shared/students/choices.ts';
import { taughtClassIds } from '../../platform/scope.ts';
import { attachedFileGroups, registerFileReadRule, registerFileReference } from '../shared/files/service.ts';

/** Permissions of 竞赛获奖 (the menu's pages and their buttons, server/src/db/seed/menus.ts). */
export const AWARD_PERMISSIONS = {
  settings: { view: 'award:settings', edit: 'award:settings:edit', remove: 'award:settings:delete', all: 'award:settings:all' },
  disciplinary: { view: 'award:disciplinary', edit: 'award:disciplinary:edit', remove: 'award:disciplinary:delete', all: 'award:disciplinary:all' },
  aboveSchool: { view: 'award:aboveSchool', edit: 'award:aboveSchool:edit', remove: 'award:aboveSchool:delete', all: 'award:aboveSchool:all' },
  myAwards: 'award:myAwards',
} as const;

export { callerOf, pageOf, searchOf, type Caller } from '../../platform/caller.ts';

export { intArray, textArray } from '../../db/client.ts';
export const day = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;

/** The pictures of a write, each the caller's own upload of purpose `image`; answers the ids once each. */
export async function checkedPictures(tx: Tx, auth: AuthContext, ids: readonly string[]): Promise<string[]> {
  return (await attachedFileGroups(tx, auth, { pictures: AWARD_PICTURE_PURPOSE }, { pictures: ids }, 'awards.pictureInvalid')).pictures;
}

/** Kept pictures stay when a record is modified by someone else than their uploader (the administrator). */
export async function checkedPicturesKeeping(tx: Tx, auth: AuthContext, ids: readonly string[], kept: readonly string[]): Promise<string[]> {
  const keep = new Set(kept);
  const fresh = [...new Set(ids)].filter((id) => !keep.has(id));
  await checkedPictures(tx, auth, fresh);
  return [...new Set(ids)];
}

export async function pictureInfos(db: DbOrTx, ids: readonly string[]): Promise<AwardPicture[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<AwardPicture>(db, sql`
    SELECT f.id, f.original_name AS name, f.size::int AS size, f.mime_type AS "mimeType" FROM files f WHERE f.id = ANY(${textArray(ids)})`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Students the caller may give awards to: any with the page's `:all` right, else those of the classes they lead or teach. */
export function studentScope(caller: Caller, allPermission: string, studentId: SQL): SQL {
  if (caller.permissions.has(allPermission)) return sql`TRUE`;
  return sql`${studentId} IN (SELECT s.id FROM students s WHERE s.class_id IN (${taughtClassIds(caller.auth)}))`;
}

/** Checks chosen students exist (404 otherwise) and are the caller's to choose (403 with the message). */
export async function checkStudents(tx: Tx, caller: Caller, allPermission: string, ids: readonly number[]): Promise<AwardStudent[]> {
  const unique = [...new Set(ids)];
  const rows = await queryRows<AwardStudent & { mine: boolean }>(tx, sql`
    SELECT s.id, s.student_number AS "studentNumber", s.name, coalesce(c.name, '') AS "className", ${studentScope(caller, allPermission, sql`s.id`)} AS mine
    FROM students s LEFT JOIN classes c ON c.id = s.class_id WHERE s.id = ANY(${intArray(unique)})`);
  if (rows.length !== unique.length) throw notFound();
  if (rows.some((row) => !row.mine)) throw forbidden('awards.studentOutOfScope');
  return rows.map(({ mine: _mine, ...student }) => student);
}

/** Students a caller may choose, by number or name (the shared choice of students, with the awards' `:all` rights). */
export async function pageAwardStudents(
  db: DbOrTx,
  caller: Caller,
  allPermissions: readonly string[],
  keyword: string | undefined,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: AwardStudent[] }> {
  return pageChoosableStudents(db, caller.auth, allPermissions.some((permission) => caller.permissions.has(permission)), keyword, page);
}

// Award pictures: staff with the page see them; a winner and their parents see the pictures of their awards.
const holds = (column: SQL, fileId: SQL) => sql`jsonb_exists(${column}, ${fileId})`;
const winnerOrParent = (auth: AuthContext, studentId: SQL) =>
  sql`${studentId} IN (SELECT s.id FROM students s WHERE s.user_id = ${auth.userId} UNION SELECT g.student_id FROM guardians g WHERE g.parent_user_id = ${auth.userId})`;
registerFileReadRule(AWARD_PICTURE_PURPOSE, (auth, permissions, fileId) => {
  const parts: SQL[] = [];
  if (permissions.has(AWARD_PERMISSIONS.settings.view) || permissions.has(AWARD_PERMISSIONS.disciplinary.view)) {
    parts.push(sql`EXISTS (SELECT 1 FROM competitions c WHERE ${holds(sql`c.pictures`, fileId)})`);
  }
  if (permissions.has(AWARD_PERMISSIONS.disciplinary.view)) parts.push(sql`EXISTS (SELECT 1 FROM disciplinary_awards d WHERE ${holds(sql`d.pictures`, fileId)})`);
  if (permissions.has(AWARD_PERMISSIONS.aboveSchool.view)) parts.push(sql`EXISTS (SELECT 1 FROM above_school_awards a WHERE ${holds(sql`a.pictures`, fileId)})`);
  parts.push(sql`EXISTS (SELECT 1 FROM disciplinary_awards d WHERE ${holds(sql`d.pictures`, fileId)} AND ${winnerOrParent(auth, sql`d.student_id`)})`);
  parts.push(sql`EXISTS (SELECT 1 FROM above_school_awards a JOIN above_school_award_winners w ON w.award_id = a.id
    WHERE ${holds(sql`a.pictures`, fileId)} AND ${winnerOrParent(auth, sql`w.student_id`)})`);
  return sql`(${sql.join(parts, sql` OR `)})`;
});
registerFileReference((fileId) => sql`EXISTS (SELECT 1 FROM competitions c WHERE ${holds(sql`c.pictures`, fileId)})`);
registerFileReference((fileId) => sql`EXISTS (SELECT 1 FROM disciplinary_awards d WHERE ${holds(sql`d.pictures`, fileId)})`);
registerFileReference((fileId) => sql`EXISTS (SELECT 1 FROM above_school_awards a WHERE ${holds(sql`a.pictures`, fileId)})`);
