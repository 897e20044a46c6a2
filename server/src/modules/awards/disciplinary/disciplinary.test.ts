import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';
import { awardsTestKit } from '../testSupport.ts';

let t: TestApp;
let tokens: Record<string, string>;
let kit: ReturnType<typeof awardsTestKit>;
const EN = { cookie: 'language=en' };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
  kit = awardsTestKit(t, tokens);
});
afterAll(() => t.close());

/** A new event of T0002's with one award allowing `winnerNumber` winners. */
async function newPrize(winnerNumber: number): Promise<number> {
  const event = (await kit.call('/api/awards/competitions/create', { title: `化学竞赛 ${winnerNumber}`, heldOn: '2026-11-20', place: '化学实验室', content: '实验操作竞赛' }, 'T0002')).json();
  const created = (
    await kit.call('/api/awards/prizes/create', { competitionId: event.data.id, name: '优胜奖', winnerNumber, awardedOn: '2026-11-27', startsOn: '2026-11-20', endsOn: '2026-12-20' }, 'T0002')
  ).json();
  expect(created.result, JSON.stringify(created)).toBe(true);
  return created.data.id;
}

const given = async (prizeId: number) => (await kit.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM disciplinary_awards WHERE prize_id = ${prizeId}`))[0]!.n;

describe('disciplinary awards: the demo school', () => {
  it('seeds awards given to the demo class, the demo student among them', async () => {
    const page = (await kit.call('/api/awards/disciplinary/page', { currPage: 0, limit: 50 }, 'T0002')).json().data;
    expect(page.total).toBeGreaterThanOrEqual(7);
    expect(page.rows.filter((row: { student: { studentNumber: string } }) => row.student.studentNumber === '201911001')).toHaveLength(2);
    const search = (await kit.call('/api/awards/disciplinary/page', { currPage: 0, limit: 50, search: { keyword: '201911001' } }, 'T0002')).json().data;
    expect(search.total).toBe(2);
    // T0001 gave none of them, so their list is empty; the administrator sees all.
    expect((await kit.call('/api/awards/disciplinary/page', { currPage: 0, limit: 50 }, 'T0001')).json().data.total).toBe(0);
    expect((await kit.call('/api/awards/disciplinary/page', { currPage: 0, limit: 50 }, 'admin')).json().data.total).toBe(page.total);
  });
});

describe('disciplinary awards: giving', () => {
  it('a class teacher gives an award with a picture to students of the class; the winners’ families see the picture', async () => {
    const prizeId = await newPrize(3);
    const students = await kit.demoClassStudents();
    const picture = await kit.pictureOf('T0002', 'discpic0001');
    const choices = (await kit.call('/api/awards/students/page', { currPage: 0, limit: 100 }, 'T0002')).json().data;
    expect(choices.rows.map((row: { id: number }) => row.id)).toEqual(expect.arrayContaining(students.slice(0, 3).map((s) => s.id)));

    const created = (await kit.call('/api/awards/disciplinary/create', { prizeId, studentIds: [students[0]!.id, students[1]!.id], pictures: [picture] }, 'T0002', EN)).json();
    expect(created, JSON.stringify(created)).toMatchObject({ result: true, msg: 'The award was given to 2 students' });
    expect(created.data.ids).toHaveLength(2);
    const detail = (await kit.call('/api/awards/disciplinary/get', { id: created.data.ids[0] }, 'T0002')).json().data;
    expect(detail).toMatchObject({ prizeId, prizeName: '优胜奖', competitionTitle: '化学竞赛 3', mine: true, pictures: [expect.objectContaining({ id: picture })] });

    // The demo student's parent may see the picture; a student of another class may not; it cannot be deleted while used.
    expect((await t.get(`/file/download/${picture}`, { token: tokens['jz201911001'] })).statusCode).toBe(200);
    expect((await t.get(`/file/download/${picture}`, { token: tokens['201911001'] })).statusCode).toBe(200);
    const stranger = await kit.foreignStudent();
    const strangerToken = await t.login(stranger.studentNumber).catch(() => null);
    if (strangerToken) expect((await t.get(`/file/download/${picture}`, { token: strangerToken })).statusCode).toBe(404);
    expect((await t.post('/api/files/delete', { id: picture }, { token: tokens['T0002'], headers: EN })).json()).toMatchObject({ result: false, msg: 'Attachment deletion failed' });

    // Modifying one row's pictures leaves the other row's as they were.
    expect((await kit.call('/api/awards/disciplinary/update', { id: created.data.ids[0], pictures: [] }, 'T0002')).json().result).toBe(true);
    expect((await kit.call('/api/awards/disciplinary/get', { id: created.data.ids[0] }, 'T0002')).json().data.pictures).toEqual([]);
    expect((await kit.call('/api/awards/disciplinary/get', { id: created.data.ids[1] }, 'T0002')).json().data.pictures).toHaveLength(1);

    // The list shows them newest first, searchable by the award.
    const byPrize = (await kit.call('/api/awards/disciplinary/page', { currPage: 0, limit: 10, search: { prizeId } }, 'T0002')).json().data;
    expect(byPrize.total).toBe(2);

    // Taking an award back lets the award be deleted.
    expect(await kit.refusedBoth('/api/awards/prizes/delete', { ids: [prizeId] }, 'T0002', 'This competition event reward has been used and cannot be deleted', '该竞赛活动奖项已被使用，不能删除')).toBe(409);
    expect((await kit.call('/api/awards/disciplinary/delete', { ids: created.data.ids }, 'T0002')).json().result).toBe(true);
    expect((await kit.call('/api/awards/prizes/delete', { ids: [prizeId] }, 'T0002')).json().result).toBe(true);
  });

  it('refuses more students than the winner number allows, counting those already given', async () => {
    const prizeId = await newPrize(2);
    const students = await kit.demoClassStudents();
    const three = students.slice(0, 3).map((s) => s.id);
    expect(
      await kit.refusedBoth(
        '/api/awards/disciplinary/create',
        { prizeId, studentIds: three },
        'T0002',
        'This award allows 2 winners and 0 have been given it; you can choose at most 2 more students',
        '该奖项获奖人数为 2 人，已颁发 0 人，最多还可选择 2 名学生',
      ),
    ).toBe(400);
    expect(await given(prizeId)).toBe(0);
    expect((await kit.call('/api/awards/disciplinary/create', { prizeId, studentIds: [three[0]] }, 'T0002')).json().result).toBe(true);
    await kit.refusedBoth('/api/awards/disciplinary/create', { prizeId, studentIds: three.slice(1) }, 'T0002', 'This award allows 2 winners and 1 have been given it; you can choose at most 1 more students', '已颁发 1 人，最多还可选择 1 名学生');
    // The same student twice is refused by name.
    await kit.refusedBoth('/api/awards/disciplinary/create', { prizeId, studentIds: [three[0]] }, 'T0002', `${students[0]!.name} has already been given this award`, `${students[0]!.name} 已获得该奖项`);
    expect((await kit.call('/api/awards/disciplinary/create', { prizeId, studentIds: [three[1], three[1]] }, 'T0002')).json().result).toBe(true);
    expect(await given(prizeId)).toBe(2);
    // Full now: any one more is refused.
    await kit.refusedBoth('/api/awards/disciplinary/create', { prizeId, studentIds: [three[2]] }, 'T0002', 'you can choose at most 0 more students', '最多还可选择 0 名学生');
    // The seeded full award (winner number 1, given) refuses too; an award with winner number 0 refuses everyone.
    const [full] = await kit.rows<{ id: number }>(sql`SELECT id FROM competition_prizes WHERE name = '一等奖' AND winner_number = 1`);
    await kit.refusedBoth('/api/awards/disciplinary/create', { prizeId: full!.id, studentIds: [three[2]] }, 'admin', 'This award allows 1 winners and 1 have been given it', '该奖项获奖人数为 1 人，已颁发 1 人');
    const [zero] = await kit.rows<{ id: number }>(sql`SELECT id FROM competition_prizes WHERE winner_number = 0`);
    await kit.refusedBoth('/api/awards/disciplinary/create', { prizeId: zero!.id, studentIds: [three[2]] }, 'admin', 'This award allows 0 winners', '该奖项获奖人数为 0 人');
  });

  it('gives the last places once when two givings race', async () => {
    const prizeId = await newPrize(1);
    const students = await kit.demoClassStudents();
    const answers = await Promise.all([
      kit.call('/api/awards/disciplinary/create', { prizeId, studentIds: [students[4]!.id] }, 'T0002'),
      kit.call('/api/awards/disciplinary/create', { prizeId, studentIds: [students[5]!.id] }, 'T0002'),
    ]);
    expect(answers.map((answer) => answer.json().result).sort()).toEqual([false, true]);
    expect(await given(prizeId)).toBe(1);
  });
});

describe('disciplinary awards: refusals, in both languages, changing nothing', () => {
  it('checks the choice, the pictures and the rights', async () => {
    const prizeId = await newPrize(10);
    const students = await kit.demoClassStudents();
    const stranger = await kit.foreignStudent();
    const foreign = await kit.pictureOf('T0001', 'discpic0002');
    const base = { prizeId, studentIds: [students[6]!.id] };
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['T0002', { ...base, studentIds: [] }, 'Choose the students who receive the award', '请选择获奖学生'],
      ['T0002', { ...base, studentIds: Array.from({ length: 101 }, (_, i) => i + 1) }, 'At most 100 students can be chosen', '最多可选择 100 名学生'],
      ['T0002', { ...base, studentIds: [stranger.id] }, 'You can only choose students of the classes you teach', '只能选择您任教班级的学生'],
      ['T0002', { ...base, studentIds: [999999] }, 'Data does not exist', '数据不存在'],
      ['T0002', { ...base, prizeId: 999999 }, 'Data does not exist', '数据不存在'],
      ['T0002', { ...base, pictures: [foreign] }, 'was not uploaded by you', '不是您上传的'],
      ['T0002', { ...base, pictures: Array.from({ length: 10 }, (_, i) => `d${i}`) }, 'At most 9 pictures can be attached', '最多可上传 9 张图片'],
      ['201911001', base, 'please contact the system administrator', '请联系系统管理员'],
      ['jz201911001', base, 'please contact the system administrator', '请联系系统管理员'],
    ];
    for (const [account, payload, en, zh] of cases) await kit.refusedBoth('/api/awards/disciplinary/create', payload, account, en, zh);
    expect(await given(prizeId)).toBe(0);
    // The administrator may give to any student.
    expect((await kit.call('/api/awards/disciplinary/create', { prizeId, studentIds: [stranger.id] }, 'admin')).json().result).toBe(true);
  });

  it("answers another teacher's rows with 404 to read and 403 to change, changing nothing", async () => {
    const [row] = (await kit.call('/api/awards/disciplinary/page', { currPage: 0, limit: 1 }, 'T0002')).json().data.rows;
    expect((await kit.call('/api/awards/disciplinary/get', { id: row.id }, 'T0001')).statusCode).toBe(404);
    expect(await kit.refusedBoth('/api/awards/disciplinary/update', { id: row.id, pictures: [] }, 'T0001', 'You have no right to edit/delete this data', '您无权编辑/删除此数据')).toBe(403);
    await kit.refusedBoth('/api/awards/disciplinary/delete', { ids: [row.id] }, 'T0001', 'You have no right to edit/delete this data', '您无权编辑/删除此数据');
    for (const account of ['201911001', 'jz201911001']) {
      expect((await kit.call('/api/awards/disciplinary/get', { id: row.id }, account)).statusCode).toBe(403);
      expect((await kit.call('/api/awards/disciplinary/delete', { ids: [row.id] }, account)).statusCode).toBe(403);
      expect((await kit.call('/api/awards/students/page', { currPage: 0, limit: 10 }, account)).statusCode).toBe(403);
    }
    expect((await kit.call('/api/awards/disciplinary/get', { id: row.id }, 'T0002')).json().data.id).toBe(row.id);
    expect((await kit.call('/api/awards/disciplinary/update', { id: 999999, pictures: [] }, 'T0002', EN)).json()).toMatchObject({ result: false, msg: 'Data does not exist' });
  });
});
