import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiKit, createTestApp, EN, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const { call, one, refused, rows } = apiKit(() => t, () => tokens, { account: 'admin', headers: EN });

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

describe('teaching materials (能力模板, 章节, 知识点审批, 属性项模板)', () => {
  it('keeps templates valid and chapters a tree, refusing deletes in use', async () => {
    const maths = await one<{ id: number; grade: number }>(sql`SELECT id, (SELECT id FROM grades WHERE sort = 8) AS grade FROM courses WHERE code = 'maths'`);
    const abilities = (await call('/api/teaching/abilityTemplates/page', { currPage: 0, limit: 10 }, 'T0001')).json().data.rows;
    expect(abilities.find((r: { name: string }) => r.name === '数学核心素养').levels).toHaveLength(4);
    expect((await call('/api/teaching/abilityTemplates/create', { courseId: maths.id, name: 'X', levels: [{ name: '一' }, { name: '二' }] }, 'T0001')).statusCode).toBe(403);
    await refused('/api/teaching/abilityTemplates/create', { courseId: maths.id, name: '新模板', levels: [{ name: '一' }] }, 'admin', '2 to 10 levels');
    await refused('/api/teaching/abilityTemplates/create', { courseId: maths.id, name: '新模板', levels: [{ name: '一' }, { name: '一' }] }, 'admin', 'same name');
    await refused('/api/teaching/abilityTemplates/create', { courseId: maths.id, name: '数学核心素养', levels: [{ name: '一' }, { name: '二' }] }, 'admin', 'already exists');
    expect((await call('/api/teaching/abilityTemplates/create', { courseId: maths.id, name: '新模板', levels: [{ name: '一' }, { name: '二' }] })).json().result).toBe(true);

    const tree = (await call('/api/teaching/chapters/tree', { courseId: maths.id, gradeId: maths.grade }, 'T0001')).json().data;
    expect(tree.map((c: { name: string }) => c.name)).toEqual(['第十一章 三角形', '第十二章 全等三角形', '第十九章 一次函数']);
    const chapter = tree[0];
    const section = chapter.children[0];
    expect(section.points).toBe(1);
    await refused('/api/teaching/chapters/delete', { ids: [chapter.id] }, 'admin', 'has sections or knowledge points');
    await refused('/api/teaching/chapters/update', { ...chapter, parentId: section.id }, 'admin', 'under itself or its sections');
    const other = await one<{ id: number }>(sql`SELECT id FROM grades WHERE sort = 7`);
    await refused('/api/teaching/chapters/create', { courseId: maths.id, gradeId: other.id, parentId: chapter.id, name: '节' }, 'admin', 'another course or grade');
    const created = (await call('/api/teaching/chapters/create', { courseId: maths.id, gradeId: maths.grade, name: '第二十章 数据的分析', sort: 4 })).json();
    const child = (await call('/api/teaching/chapters/create', { courseId: maths.id, gradeId: maths.grade, parentId: created.data.id, name: '20.1 数据的集中趋势', sort: 1 })).json();
    expect(child.result).toBe(true);
    expect((await call('/api/teaching/chapters/delete', { ids: [created.data.id, child.data.id] })).json().result).toBe(true);

    await refused('/api/teaching/attributeTemplates/create', { name: '模板', items: [{ name: '类型', kind: 'enum', options: ['甲'] }] }, 'admin', 'at least 2 options');
    await refused('/api/teaching/attributeTemplates/create', { name: '模板', items: [] }, 'admin', '1 to 30 detail rows');
    const attribute = (await call('/api/teaching/attributeTemplates/create', { name: '模板', items: [{ name: '类型', kind: 'enum', required: true, options: ['甲', '乙', ''] }, { name: '日期', kind: 'date', options: ['x'] }] })).json();
    expect(attribute.result).toBe(true);
    const stored = await one<{ items: { options: string[] }[] }>(sql`SELECT items FROM attribute_templates WHERE id = ${attribute.data.id}`);
    expect(stored.items.map((i) => i.options)).toEqual([['甲', '乙'], []]);
  });

  it('lets teachers propose knowledge points and the group leader or the office review them, never their own', async () => {
    const section = await one<{ id: number }>(sql`SELECT id FROM textbook_chapters WHERE name = '19.2 一次函数'`);
    const proposed = (await call('/api/teaching/knowledgePoints/propose', { chapterId: section.id, name: '一次函数的增减性', description: 'k>0时y随x增大而增大' }, 'T0001')).json();
    expect(proposed.result).toBe(true);
    await refused('/api/teaching/knowledgePoints/propose', { chapterId: section.id, name: '一次函数的增减性' }, 'T0001', 'already exists');
    const seen = (await call('/api/teaching/knowledgePoints/page', { currPage: 0, limit: 50 }, 'T0001')).json().data.rows;
    expect(seen.find((r: { id: number }) => r.id === proposed.data.id)).toMatchObject({ status: 'pending', mine: true, reviewable: false });
    // Another teacher's proposal is not T0001's to see until approved (unless T0001 leads the maths group).
    const leader = await one<{ account: string | null }>(sql`
      SELECT u.account FROM courses co JOIN research_group_profiles p ON p.org_unit_id = co.research_group_id JOIN staff st ON st.id = p.leader_staff_id
      JOIN users u ON u.id = st.user_id WHERE co.code = 'maths'`);
    if (leader?.account !== 'T0001') {
      expect(seen.some((r: { status: string; mine: boolean }) => r.status === 'pending' && !r.mine)).toBe(false);
      expect((await call('/api/teaching/knowledgePoints/review', { ids: [proposed.data.id], decision: 'approve', comment: '' }, 'T0002')).statusCode).toBe(403);
    }
    await refused('/api/teaching/knowledgePoints/review', { ids: [proposed.data.id], decision: 'reject', comment: '' }, 'admin', 'Say why it is rejected');
    expect((await call('/api/teaching/knowledgePoints/review', { ids: [proposed.data.id], decision: 'approve', comment: '' })).json().result).toBe(true);
    await refused('/api/teaching/knowledgePoints/review', { ids: [proposed.data.id], decision: 'approve', comment: '' }, 'admin', 'Only a pending knowledge point');
    await refused('/api/teaching/knowledgePoints/withdraw', { id: proposed.data.id }, 'T0001', 'Only a pending knowledge point');
    expect((await call('/api/teaching/knowledgePoints/page', { currPage: 0, limit: 5 }, '201911001')).statusCode).toBe(403);
  });
});

describe('the material lists’ keyword (issue 18)', () => {
  it('finds templates and knowledge points by one or two characters of the name or a longer part of it', async () => {
    const lists = [
      ['/api/teaching/abilityTemplates/page', 'ability_templates', ['数', '素养', '数学核心素养']],
      ['/api/teaching/attributeTemplates/page', 'attribute_templates', ['记', '模板', '听课记录']],
      ['/api/teaching/knowledgePoints/page', 'knowledge_points', ['函', '三角', '一次函数']],
    ] as const;
    for (const [url, table, keywords] of lists) {
      for (const keyword of keywords) {
        const found = (await call(url, { currPage: 0, limit: 500, search: { keyword } })).json().data as { total: number; rows: { id: number }[] };
        const expected = (await rows<{ id: number }>(sql`SELECT id FROM ${sql.identifier(table)} WHERE strpos(lower(name), ${keyword}) > 0 ORDER BY id`)).map((row) => row.id);
        expect({ total: found.total, ids: found.rows.map((row) => row.id).sort((a, b) => a - b) }, `${url} ${keyword}`).toEqual({ total: expected.length, ids: expected });
        expect(found.total, `${url} ${keyword}`).toBeGreaterThan(0);
      }
    }
  });
});
