import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiKit, createTestApp, EN, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const BASE = '/api/system/researchMeetings';
const { call, one, refused } = apiKit(() => t, () => tokens, { base: BASE, headers: EN });

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

describe('teaching-research meetings (教研会议管理)', () => {
  it("shows a teacher their groups' meetings and lets only the leader or the office arrange them", async () => {
    const mine = await one<{ groupId: number }>(sql`
      SELECT m.org_unit_id AS "groupId" FROM research_group_members m JOIN staff st ON st.id = m.staff_id JOIN users u ON u.id = st.user_id WHERE u.account = 'T0001'
      UNION SELECT p.org_unit_id FROM research_group_profiles p JOIN staff st ON st.id = p.leader_staff_id JOIN users u ON u.id = st.user_id WHERE u.account = 'T0001' LIMIT 1`);
    const rows = (await call('/page', { currPage: 0, limit: 50 }, 'T0001')).json().data.rows;
    expect(rows.length).toBeGreaterThan(0);
    const groups = (await call('/options', {}, 'T0001')).json().data.groups.map((g: { id: number }) => g.id);
    expect(groups).toContain(mine.groupId);
    expect(rows.every((r: { groupId: number }) => groups.includes(r.groupId))).toBe(true);
    const past = rows.find((r: { minutes: string }) => r.minutes);
    expect(past.attendees.some((a: { attended: boolean | null }) => a.attended === false)).toBe(true);
    const all = (await call('/page', { currPage: 0, limit: 1 }, 'admin')).json().data.total;
    expect(all).toBeGreaterThanOrEqual(rows.length);
    expect((await call('/page', { currPage: 0, limit: 10 }, '201911001')).statusCode).toBe(403);

    const group = await one<{ id: number; leader: number; member: number; outsider: number }>(sql`
      SELECT g.id, p.leader_staff_id AS leader, (SELECT staff_id FROM research_group_members WHERE org_unit_id = g.id ORDER BY staff_id LIMIT 1) AS member,
        (SELECT id FROM staff WHERE id NOT IN (SELECT staff_id FROM research_group_members WHERE org_unit_id = g.id) AND id <> p.leader_staff_id LIMIT 1) AS outsider
      FROM org_units g JOIN research_group_profiles p ON p.org_unit_id = g.id WHERE g.kind = 'researchGroup' AND p.leader_staff_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM research_group_members WHERE org_unit_id = g.id) ORDER BY g.id LIMIT 1`);
    const form = { groupId: group.id, day: '2026-12-10', startTime: '15:00', endTime: '16:00', place: '会议室', topic: '测试会议', hostId: group.leader, attendeeIds: [group.member], minutes: '<p>纪要<script>alert(1)</script></p>' };
    await refused('/create', { ...form, endTime: '14:00' }, 'admin', 'must end after it starts');
    await refused('/create', { ...form, topic: '' }, 'admin', 'topic is required');
    await refused('/create', { ...form, attendeeIds: [group.outsider] }, 'admin', 'is not a member of the group');
    const leader = await one<{ account: string }>(sql`SELECT u.account FROM staff st JOIN users u ON u.id = st.user_id WHERE st.id = ${group.leader}`);
    if (leader.account !== 'T0001' && !groups.includes(group.id)) {
      expect((await call('/create', form, 'T0001')).json()).toMatchObject({ result: false, msg: 'You have no right to edit/delete this data' });
    }
    const created = (await call('/create', form, 'admin')).json();
    expect(created.result).toBe(true);
    const stored = await one<{ minutes: string }>(sql`SELECT minutes FROM research_meetings WHERE id = ${created.data.id}`);
    expect(stored.minutes).not.toContain('script');
    await refused('/attendance', { id: created.data.id, marks: [{ staffId: group.outsider, attended: true }] }, 'admin', 'is not a member');
    expect((await call('/attendance', { id: created.data.id, marks: [{ staffId: group.member, attended: true }] }, 'admin')).json().result).toBe(true);
    expect((await one<{ attended: boolean }>(sql`SELECT attended FROM research_meeting_attendees WHERE meeting_id = ${created.data.id}`)).attended).toBe(true);
    expect((await call('/delete', { ids: [created.data.id] }, 'admin')).json().result).toBe(true);
  });
});
