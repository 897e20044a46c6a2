import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';
import { awardsTestKit } from '../testSupport.ts';

let t: TestApp;
let kit: ReturnType<typeof awardsTestKit>;
const EN = { cookie: 'language=en' };

beforeAll(async () => {
  t = await createTestApp();
  kit = awardsTestKit(t, await loginDemoAccounts(t));
});
afterAll(() => t.close());

const event = { title: '物理知识竞赛', heldOn: '2026-12-01', place: '实验楼 301', content: '初赛笔试，复赛实验操作。' };
const prize = { name: '一等奖', winnerNumber: 2, awardedOn: '2026-12-08', startsOn: '2026-12-01', endsOn: '2026-12-31' };

describe('competition settings: the demo school', () => {
  it('seeds events with awards, one of them full', async () => {
    const page = (await kit.call('/api/awards/competitions/page', { currPage: 0, limit: 20 }, 'T0001')).json();
    expect(page.result).toBe(true);
    expect(page.data.total).toBeGreaterThanOrEqual(3);
    const maths = page.data.rows.find((row: { title: string }) => row.title === '2026 年全市中学生数学竞赛');
    expect(maths).toMatchObject({ place: '市第一中学', mine: true, givenCount: 3 });
    const detail = (await kit.call('/api/awards/competitions/get', { id: maths.id }, 'T0001')).json().data;
    expect(detail.prizes.find((p: { name: string }) => p.name === '一等奖')).toMatchObject({ winnerNumber: 1, givenCount: 1 });
    // Every event is listed to another teacher too, but it is not theirs to change.
    const other = (await kit.call('/api/awards/competitions/page', { currPage: 0, limit: 20, search: { title: '数学' } }, 'T0002')).json().data;
    expect(other.rows).toEqual([expect.objectContaining({ id: maths.id, mine: false })]);
  });
});

describe('competition settings: adding, modifying and deleting', () => {
  it('a teacher manages an event with pictures and its awards', async () => {
    const picture = await kit.pictureOf('T0001', 'awardpic0001');
    const created = (await kit.call('/api/awards/competitions/create', { ...event, pictures: [picture] }, 'T0001', EN)).json();
    expect(created, JSON.stringify(created)).toMatchObject({ result: true, msg: 'Saved successfully' });
    const id = created.data.id;
    const detail = (await kit.call('/api/awards/competitions/get', { id }, 'T0001')).json().data;
    expect(detail).toMatchObject({ ...event, publisherName: '王建国', mine: true, prizes: [], pictures: [expect.objectContaining({ id: picture, name: 'award.png' })] });
    expect(detail.releasedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

    const updated = (await kit.call('/api/awards/competitions/update', { id, ...event, place: '实验楼 302', pictures: [] }, 'T0001')).json();
    expect(updated.result).toBe(true);
    expect((await kit.call('/api/awards/competitions/get', { id }, 'T0001')).json().data).toMatchObject({ place: '实验楼 302', pictures: [] });

    const first = (await kit.call('/api/awards/prizes/create', { competitionId: id, ...prize }, 'T0001')).json();
    expect(first.result, JSON.stringify(first)).toBe(true);
    const second = (await kit.call('/api/awards/prizes/create', { competitionId: id, ...prize, name: '二等奖', winnerNumber: '0' }, 'T0001')).json();
    expect(second.result, JSON.stringify(second)).toBe(true);
    const prizes = (await kit.call('/api/awards/prizes/page', { currPage: 0, limit: 10, search: { competitionId: id } }, 'T0001')).json().data;
    expect(prizes.rows.map((row: { name: string }) => row.name)).toEqual(['一等奖', '二等奖']);
    expect(prizes.rows[1]).toMatchObject({ winnerNumber: 0, givenCount: 0, competitionTitle: '物理知识竞赛', startsOn: '2026-12-01', endsOn: '2026-12-31' });
    const searched = (await kit.call('/api/awards/prizes/page', { currPage: 0, limit: 10, search: { competitionId: id, name: '二等' } }, 'T0001')).json().data;
    expect(searched.total).toBe(1);

    expect((await kit.call('/api/awards/prizes/update', { id: first.data.id, ...prize, winnerNumber: 100, endsOn: '2027-01-10' }, 'T0001')).json().result).toBe(true);
    expect((await kit.call('/api/awards/prizes/get', { id: first.data.id }, 'T0001')).json().data).toMatchObject({ winnerNumber: 100, endsOn: '2027-01-10' });

    // Unused awards go in a batch; the event then goes too (with any unused award left).
    expect((await kit.call('/api/awards/prizes/delete', { ids: [second.data.id] }, 'T0001')).json().result).toBe(true);
    expect((await kit.call('/api/awards/competitions/delete', { ids: [id] }, 'T0001')).json()).toMatchObject({ result: true });
    const [left] = await kit.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM competition_prizes WHERE competition_id = ${id}`);
    expect(left!.n).toBe(0);
    expect((await kit.call('/api/awards/competitions/get', { id }, 'T0001')).statusCode).toBe(404);
    // The picture, no longer used, may be deleted by its owner.
    expect((await t.post('/api/files/delete', { id: picture }, { token: await t.login('T0001') })).json().result).toBe(true);
  });

  it('lists and searches by title and place, paged', async () => {
    const all = (await kit.call('/api/awards/competitions/page', { currPage: 0, limit: 2 }, 'admin')).json().data;
    expect(all.rows).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(3);
    const byPlace = (await kit.call('/api/awards/competitions/page', { currPage: 0, limit: 10, search: JSON.stringify({ place: '报告厅' }) }, 'admin')).json().data;
    expect(byPlace.rows.map((row: { title: string }) => row.title)).toEqual(['校园英语演讲比赛']);
  });
});

describe('competition settings: refusals, in both languages, changing nothing', () => {
  it('checks the fields of an event and of an award', async () => {
    const [{ id: competitionId }] = (await kit.call('/api/awards/competitions/page', { currPage: 0, limit: 1, search: { title: '数学' } }, 'T0001')).json().data.rows;
    const foreign = await kit.pictureOf('T0002', 'awardpic0002');
    const [before] = await kit.rows<{ events: number; prizes: number }>(sql`SELECT (SELECT count(*)::int FROM competitions) AS events, (SELECT count(*)::int FROM competition_prizes) AS prizes`);
    const eventCases: [Record<string, unknown>, string, string][] = [
      [{ ...event, title: ' ' }, 'The title is required', '标题不能为空'],
      [{ ...event, heldOn: '' }, 'Please give the date of the competition', '请填写竞赛日期'],
      [{ ...event, heldOn: '2026-02-30' }, 'Please give the date of the competition', '请填写竞赛日期'],
      [{ ...event, place: '' }, 'The place is required', '地点不能为空'],
      [{ ...event, content: '' }, 'The content is required', '内容不能为空'],
      [{ ...event, title: 'x'.repeat(101) }, 'too long', '过长'],
      [{ ...event, pictures: Array.from({ length: 10 }, (_, i) => `p${i}`) }, 'At most 9 pictures can be attached', '最多可上传 9 张图片'],
      [{ ...event, pictures: [foreign] }, 'was not uploaded by you', '不是您上传的'],
    ];
    for (const [payload, en, zh] of eventCases) await kit.refusedBoth('/api/awards/competitions/create', payload, 'T0001', en, zh);
    const prizeCases: [Record<string, unknown>, string, string][] = [
      [{ ...prize, name: '' }, 'The name is required', '名称不能为空'],
      [{ ...prize, winnerNumber: 101 }, 'whole number from 0 to 100', '0 到 100 的整数'],
      [{ ...prize, winnerNumber: -1 }, 'whole number from 0 to 100', '0 到 100 的整数'],
      [{ ...prize, winnerNumber: 1.5 }, 'whole number from 0 to 100', '0 到 100 的整数'],
      [{ ...prize, winnerNumber: '' }, 'The winner number is required', '获奖人数不能为空'],
      [{ ...prize, awardedOn: 'tomorrow' }, 'Please give the award time', '请填写获奖时间'],
      [{ ...prize, startsOn: '' }, 'Please give the start time', '请填写开始时间'],
      [{ ...prize, endsOn: '' }, 'Please give the end time', '请填写结束时间'],
      [{ ...prize, startsOn: '2026-12-31', endsOn: '2026-12-01' }, 'The start time cannot be later than the end time', '开始时间不能晚于结束时间'],
    ];
    for (const [payload, en, zh] of prizeCases) await kit.refusedBoth('/api/awards/prizes/create', { competitionId, ...payload }, 'T0001', en, zh);
    const [after] = await kit.rows<{ events: number; prizes: number }>(sql`SELECT (SELECT count(*)::int FROM competitions) AS events, (SELECT count(*)::int FROM competition_prizes) AS prizes`);
    expect(after).toEqual(before);
  });

  it('refuses students, parents and other teachers', async () => {
    const [maths] = (await kit.call('/api/awards/competitions/page', { currPage: 0, limit: 1, search: { title: '数学' } }, 'T0001')).json().data.rows;
    const detail = (await kit.call('/api/awards/competitions/get', { id: maths.id }, 'T0001')).json().data;
    const unused = detail.prizes.find((p: { givenCount: number }) => p.givenCount === 0);
    for (const account of ['201911001', 'jz201911001']) {
      expect(await kit.refusedBoth('/api/awards/competitions/create', event, account, 'You have no right to edit/delete this data, please contact the system administrator', '您没有编辑或删除的权限，请联系系统管理员')).toBe(403);
      await kit.refusedBoth('/api/awards/prizes/delete', { ids: [unused.id] }, account, 'please contact the system administrator', '请联系系统管理员');
      expect((await kit.call('/api/awards/competitions/page', { currPage: 0, limit: 10 }, account)).statusCode).toBe(403);
    }
    // T0002 sees T0001's event but may not change it or its awards.
    const update = { id: maths.id, title: '改名', heldOn: detail.heldOn, place: detail.place, content: detail.content, pictures: [] };
    expect(await kit.refusedBoth('/api/awards/competitions/update', update, 'T0002', 'You have no right to edit/delete this data', '您无权编辑/删除此数据')).toBe(403);
    await kit.refusedBoth('/api/awards/competitions/delete', { ids: [maths.id] }, 'T0002', 'You have no right to edit/delete this data', '您无权编辑/删除此数据');
    await kit.refusedBoth('/api/awards/prizes/create', { competitionId: maths.id, ...prize }, 'T0002', 'You have no right to edit/delete this data', '您无权编辑/删除此数据');
    await kit.refusedBoth('/api/awards/prizes/update', { id: unused.id, ...prize }, 'T0002', 'You have no right to edit/delete this data', '您无权编辑/删除此数据');
    await kit.refusedBoth('/api/awards/prizes/delete', { ids: [unused.id] }, 'T0002', 'You have no right to edit/delete this data', '您无权编辑/删除此数据');
    expect((await kit.call('/api/awards/competitions/get', { id: maths.id }, 'T0001')).json().data).toMatchObject({ title: maths.title, prizes: detail.prizes });
    // Ids that do not exist.
    expect((await kit.call('/api/awards/competitions/get', { id: 999999 }, 'T0001')).statusCode).toBe(404);
    expect((await kit.call('/api/awards/prizes/update', { id: 999999, ...prize }, 'T0001', EN)).json()).toMatchObject({ result: false, msg: 'Data does not exist' });
    // The administrator manages every event.
    expect((await kit.call('/api/awards/competitions/update', { ...update, title: maths.title }, 'admin')).json().result).toBe(true);
  });

  it('refuses deleting a used award, also in a batch, and an event whose awards are used', async () => {
    const [maths] = (await kit.call('/api/awards/competitions/page', { currPage: 0, limit: 1, search: { title: '数学' } }, 'T0001')).json().data.rows;
    const { prizes } = (await kit.call('/api/awards/competitions/get', { id: maths.id }, 'T0001')).json().data;
    const used = prizes.find((p: { givenCount: number }) => p.givenCount > 0);
    const unused = prizes.find((p: { givenCount: number }) => p.givenCount === 0);
    expect(await kit.refusedBoth('/api/awards/prizes/delete', { ids: [used.id] }, 'T0001', 'This competition event reward has been used and cannot be deleted', '该竞赛活动奖项已被使用，不能删除')).toBe(409);
    await kit.refusedBoth('/api/awards/prizes/delete', { ids: [unused.id, used.id] }, 'T0001', 'This competition event reward has been used and cannot be deleted', '该竞赛活动奖项已被使用，不能删除');
    await kit.refusedBoth('/api/awards/competitions/delete', { ids: [maths.id] }, 'T0001', 'The awards of this competition event have been used', '该竞赛活动的奖项已被使用');
    // The winner number cannot fall below the students already given the award.
    const lower = { name: used.name, winnerNumber: used.givenCount - 1, awardedOn: used.awardedOn, startsOn: used.startsOn, endsOn: used.endsOn };
    await kit.refusedBoth('/api/awards/prizes/update', { id: used.id, ...lower }, 'T0001', `has been given to ${used.givenCount} students`, `已颁发给 ${used.givenCount} 名学生`);
    const after = (await kit.call('/api/awards/competitions/get', { id: maths.id }, 'T0001')).json().data.prizes;
    expect(after).toEqual(prizes);
  });
});
