import { sql, type SQL } from 'drizzle-orm';
import { RESEARCH_MEETING_PERMISSIONS, meetingSearchSchema, type MeetingFormParsed, type MeetingOptions, type MeetingRow, type PagedResult } from '@campus/contract';
import { researchMeetings } from '../../../db/schema/index.ts';
import { jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, forbidden, notFound } from '../../../platform/errors.ts';
import { aliased, countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { idList } from '../../../platform/resource.ts';
import { cleanRichText } from '../../../platform/richText.ts';
import { attachedFileGroups } from '../../shared/files/service.ts';

export const meetingList = defineList({
  search: meetingSearchSchema,
  sortColumns: { day: sql`rm.day`, topic: sql`rm.topic` },
  defaultSort: { field: 'day', order: 'desc' },
  tieBreaker: researchMeetings.id,
});
type Search = ReturnType<typeof meetingList.parse>['search'];

/** The meeting list's keyword: topic or place. */
const MEETING_KEYWORD = keywordColumns(researchMeetings.topic, researchMeetings.place);

const isOffice = (caller: Caller) => caller.permissions.has(RESEARCH_MEETING_PERMISSIONS.all);
const self = (caller: Caller) => sql`(SELECT id FROM staff WHERE user_id = ${caller.auth.userId})`;

/** Groups whose meetings the caller reads: the office every group, a teacher those they lead or belong to. */
function visibleGroups(caller: Caller): SQL {
  if (isOffice(caller)) return sql`SELECT id FROM org_units WHERE kind = 'researchGroup'`;
  return sql`
    SELECT org_unit_id FROM research_group_profiles WHERE leader_staff_id = ${self(caller)}
    UNION SELECT org_unit_id FROM research_group_members WHERE staff_id = ${self(caller)}`;
}

/** Groups whose meetings the caller arranges: the office every group, a leader their own. */
function managedGroups(caller: Caller): SQL {
  if (isOffice(caller)) return sql`SELECT id FROM org_units WHERE kind = 'researchGroup'`;
  return sql`SELECT org_unit_id FROM research_group_profiles WHERE leader_staff_id = ${self(caller)}`;
}

function columns(caller: Caller): SQL {
  return sql`
    rm.id, rm.group_id AS "groupId", ${caller.language === 'en' ? sql.raw(`coalesce(g.name_en, g.name)`) : sql.raw(`g.name`)} AS "groupName", rm.day::text AS day,
    rm.start_time AS "startTime", rm.end_time AS "endTime", rm.place, rm.topic, rm.host_id AS "hostId", coalesce(h.name, '') AS "hostName", rm.minutes,
    (SELECT coalesce(json_agg(json_build_object('id', f.id, 'name', f.original_name, 'size', f.size) ORDER BY f.original_name), '[]'::json)
       FROM files f WHERE f.id IN (SELECT jsonb_array_elements_text(rm.attachments))) AS attachments,
    (SELECT coalesce(json_agg(json_build_object('staffId', a.staff_id, 'name', st.name, 'attended', a.attended) ORDER BY st.staff_number), '[]'::json)
       FROM research_meeting_attendees a JOIN staff st ON st.id = a.staff_id WHERE a.meeting_id = rm.id) AS attendees,
    rm.group_id IN (${managedGroups(caller)}) AS manageable`;
}

const FROM = sql`FROM research_meetings rm JOIN org_units g ON g.id = rm.group_id LEFT JOIN staff h ON h.id = rm.host_id`;

type Raw = Omit<MeetingRow, 'attachments' | 'attendees'> & { attachments: MeetingRow['attachments'] | string; attendees: MeetingRow['attendees'] | string };
const toRow = (raw: Raw): MeetingRow => ({ ...raw, attachments: jsonValue(raw.attachments), attendees: jsonValue(raw.attendees) });

export async function pageMeetings(db: DbOrTx, caller: Caller, request: ListRequest<Search, keyof typeof meetingList.spec.sortColumns>, withTotal = true): Promise<PagedResult<MeetingRow>> {
  const parts: SQL[] = [sql`rm.group_id IN (${visibleGroups(caller)})`];
  const s = request.search;
  if (s.groupId) parts.push(sql`rm.group_id = ${s.groupId}`);
  const keyword = matchKeyword(s.keyword, MEETING_KEYWORD, aliased('rm'));
  if (keyword) parts.push(keyword);
  if (s.from && /^\d{4}-\d{2}-\d{2}$/.test(s.from)) parts.push(sql`rm.day >= ${s.from}::date`);
  if (s.to && /^\d{4}-\d{2}-\d{2}$/.test(s.to)) parts.push(sql`rm.day <= ${s.to}::date`);
  const where = sql.join(parts, sql` AND `);
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<Raw>(db, sql`
    SELECT ${columns(caller)} ${FROM} WHERE ${where}
    ORDER BY ${meetingList.spec.sortColumns[request.sortField]} ${direction}, rm.start_time ${direction}, rm.id ${direction} LIMIT ${request.limit} OFFSET ${request.offset}`);
  const counted = withTotal ? await countMatches(db, sql`SELECT 1 ${FROM} WHERE ${where}`, s.keyword) : { total: rows.length };
  return { ...counted, rows: rows.map(toRow) };
}

export async function meetingOptions(db: DbOrTx, caller: Caller): Promise<MeetingOptions> {
  const name = caller.language === 'en' ? sql.raw(`coalesce(g.name_en, g.name)`) : sql.raw(`g.name`);
  const [row] = await queryRows<{ groups: MeetingOptions['groups'] | string }>(db, sql`
    SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', ${name}, 'leaderId', p.leader_staff_id, 'manageable', g.id IN (${managedGroups(caller)}),
      'members', (SELECT coalesce(json_agg(json_build_object('id', st.id, 'name', st.name) ORDER BY st.staff_number), '[]'::json) FROM staff st
                  WHERE st.id IN (SELECT staff_id FROM research_group_members WHERE org_unit_id = g.id) OR st.id = p.leader_staff_id)) ORDER BY g.sort, g.id), '[]'::json) AS groups
    FROM org_units g LEFT JOIN research_group_profiles p ON p.org_unit_id = g.id
    WHERE g.kind = 'researchGroup' AND g.enabled AND g.id IN (${visibleGroups(caller)})`);
  return { groups: jsonValue(row?.groups ?? []) };
}

async function mayManage(tx: Tx, caller: Caller, groupId: number): Promise<void> {
  const [row] = await queryRows<{ ok: boolean; exists: boolean }>(tx, sql`
    SELECT EXISTS (SELECT 1 FROM org_units WHERE id = ${groupId} AND kind = 'researchGroup') AS exists, ${groupId} IN (${managedGroups(caller)}) AS ok`);
  if (!row?.exists) throw badRequest('meeting.groupRequired');
  if (!row.ok) throw forbidden('meeting.notLeader');
}

/** Host and attendees are the group's members or its leader. */
async function checkPeople(tx: Tx, form: MeetingFormParsed): Promise<void> {
  const ids = [...new Set([...form.attendeeIds, ...(form.hostId ? [form.hostId] : [])])];
  if (!ids.length) return;
  const [outsider] = await queryRows<{ name: string }>(tx, sql`
    SELECT coalesce(st.name, x.id::text) AS name FROM unnest(${sql.param(ids)}::int[]) AS x(id) LEFT JOIN staff st ON st.id = x.id
    WHERE x.id NOT IN (SELECT staff_id FROM research_group_members WHERE org_unit_id = ${form.groupId})
      AND x.id IS DISTINCT FROM (SELECT leader_staff_id FROM research_group_profiles WHERE org_unit_id = ${form.groupId}) LIMIT 1`);
  if (outsider) throw badRequest('meeting.notMember', { name: outsider.name });
}

async function saveAttendees(tx: Tx, meetingId: number, ids: number[]): Promise<void> {
  await tx.execute(sql`DELETE FROM research_meeting_attendees WHERE meeting_id = ${meetingId} AND NOT (staff_id = ANY(${sql.param(ids)}::int[]))`);
  if (ids.length) {
    await tx.execute(sql`
      INSERT INTO research_meeting_attendees (meeting_id, staff_id) SELECT ${meetingId}, x.id FROM unnest(${sql.param(ids)}::int[]) AS x(id) ON CONFLICT DO NOTHING`);
  }
}

/** New documents are the caller's own uploads; those already attached stay as they are. */
async function attachments(tx: Tx, caller: Caller, ids: string[], kept: string[]): Promise<string[]> {
  const fresh = ids.filter((id) => !kept.includes(id));
  await attachedFileGroups(tx, caller.auth, { documents: 'document' }, { documents: fresh }, 'meeting.attachmentInvalid');
  return [...new Set(ids)];
}

export async function createMeeting(db: Db, caller: Caller, form: MeetingFormParsed): Promise<number> {
  return db.transaction(async (tx) => {
    await mayManage(tx, caller, form.groupId);
    await checkPeople(tx, form);
    const files = await attachments(tx, caller, form.attachments, []);
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO research_meetings (group_id, day, start_time, end_time, place, topic, host_id, minutes, attachments, created_by_user_id)
      VALUES (${form.groupId}, ${form.day}, ${form.startTime}, ${form.endTime}, ${form.place}, ${form.topic}, ${form.hostId ?? null}, ${cleanRichText(form.minutes)},
        ${JSON.stringify(files)}::jsonb, ${caller.auth.userId})
      RETURNING id`);
    await saveAttendees(tx, created!.id, [...new Set(form.attendeeIds)]);
    return created!.id;
  });
}

async function lockMeeting(tx: Tx, caller: Caller, id: number): Promise<{ groupId: number; attachments: string[]; hostId: number | null }> {
  const [row] = await queryRows<{ groupId: number; attachments: string[] | string; hostId: number | null }>(tx, sql`
    SELECT group_id AS "groupId", attachments, host_id AS "hostId" FROM research_meetings WHERE id = ${id} AND group_id IN (${visibleGroups(caller)}) FOR UPDATE`);
  if (!row) throw notFound();
  return { ...row, attachments: jsonValue(row.attachments) };
}

export async function updateMeeting(db: Db, caller: Caller, form: MeetingFormParsed & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockMeeting(tx, caller, form.id);
    await mayManage(tx, caller, current.groupId);
    await mayManage(tx, caller, form.groupId);
    await checkPeople(tx, form);
    const files = await attachments(tx, caller, form.attachments, current.attachments);
    await tx.execute(sql`
      UPDATE research_meetings SET group_id = ${form.groupId}, day = ${form.day}, start_time = ${form.startTime}, end_time = ${form.endTime}, place = ${form.place},
        topic = ${form.topic}, host_id = ${form.hostId ?? null}, minutes = ${cleanRichText(form.minutes)}, attachments = ${JSON.stringify(files)}::jsonb, updated_at = now()
      WHERE id = ${form.id}`);
    await saveAttendees(tx, form.id, [...new Set(form.attendeeIds)]);
  });
}

export async function deleteMeetings(db: Db, caller: Caller, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const id of [...ids].sort((a, b) => a - b)) {
      const row = await lockMeeting(tx, caller, id);
      await mayManage(tx, caller, row.groupId);
    }
    await tx.execute(sql`DELETE FROM research_meetings WHERE id IN ${idList(ids)}`);
  });
}

/** The leader, the office or the meeting's host marks who attended (invited members only). */
export async function markAttendance(db: Db, caller: Caller, input: { id: number; marks: { staffId: number; attended: boolean }[] }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockMeeting(tx, caller, input.id);
    const [host] = await queryRows<{ ok: boolean }>(tx, sql`SELECT ${row.hostId ?? 0} = coalesce(${self(caller)}, -1) AS ok`);
    if (!host?.ok) await mayManage(tx, caller, row.groupId);
    const [outsider] = await queryRows<{ id: number }>(tx, sql`
      SELECT x.id FROM unnest(${sql.param(input.marks.map((m) => m.staffId))}::int[]) AS x(id)
      WHERE NOT EXISTS (SELECT 1 FROM research_meeting_attendees a WHERE a.meeting_id = ${input.id} AND a.staff_id = x.id) LIMIT 1`);
    if (outsider) throw badRequest('meeting.notMember', { name: String(outsider.id) });
    await tx.execute(sql`
      UPDATE research_meeting_attendees a SET attended = x.attended
      FROM jsonb_to_recordset(${JSON.stringify(input.marks.map((m) => ({ staff_id: m.staffId, attended: m.attended })))}::jsonb) AS x(staff_id int, attended boolean)
      WHERE a.meeting_id = ${input.id} AND a.staff_id = x.staff_id`);
  });
}
