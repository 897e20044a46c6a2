import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { holds, keywordListKit, studentKeywords, type Page } from '../../../test/keywordKit.ts';

/**
 * Issue 18 on the scores' lists: a keyword of one or two characters, or a student's pinyin initials, finds
 * exactly the rows of the unfiltered list whose text holds it (the unfiltered list, filtered here, is the
 * oracle), and the total counts them.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const { rows, call, expectKeywords, studentInitials } = keywordListKit(() => t, () => admin);

describe('score lists by keyword', () => {
  it('conversion rules and score systems: by name', async () => {
    type Row = { id: number; name: string };
    for (const url of ['/api/scores/rules/page', '/api/scores/systems/page']) {
      const page = (keyword: string, currPage: number) => call<Page<Row>>(url, { currPage, limit: 500, search: { keyword } });
      const sample = (await page('', 0)).rows.find((row) => row.name.length >= 3);
      expect(sample, url).toBeDefined();
      await expectKeywords(page, (row) => row.id, (row, k) => holds(k, row.name), [sample!.name.slice(1, 2), sample!.name.slice(0, 2), sample!.name]);
    }
  });

  it('score batches: by name or exam node', async () => {
    type Row = { id: number; name: string; examNode: string };
    const page = (keyword: string, currPage: number) => call<Page<Row>>('/api/scores/batches/page', { currPage, limit: 500, search: { keyword } });
    const [sample] = (await page('', 0)).rows;
    await expectKeywords(page, (row) => row.id, (row, k) => holds(k, row.name, row.examNode), [sample!.examNode.slice(0, 1), sample!.examNode.slice(0, 2), sample!.name.slice(0, 2), sample!.name]);
  });

  it('student groups: by name or remarks', async () => {
    type Row = { id: number; name: string; remarks: string };
    const page = (keyword: string, currPage: number) => call<Page<Row>>('/api/scores/groups/page', { currPage, limit: 500, search: { keyword } });
    const sample = (await page('', 0)).rows.find((row) => row.remarks.length >= 3);
    expect(sample).toBeDefined();
    await expectKeywords(page, (row) => row.id, (row, k) => holds(k, row.name, row.remarks), [sample!.name.slice(0, 1), sample!.remarks.slice(0, 2), sample!.name]);
  });

  it('score maintenance: a batch\'s students by name, initials or number', async () => {
    const initials = await studentInitials();
    const [batch] = await rows<{ id: number }>(sql`SELECT b.id FROM score_batches b WHERE EXISTS (SELECT 1 FROM score_batch_classes bc WHERE bc.batch_id = b.id) ORDER BY b.id LIMIT 1`);
    type Row = { studentId: number; name: string; studentNumber: string };
    const page = (keyword: string, currPage: number) => call<Page<Row>>('/api/scores/maintenance/page', { batchId: batch!.id, currPage, limit: 500, ...(keyword ? { keyword } : {}) });
    const [sample] = (await page('', 0)).rows;
    await expectKeywords(page, (row) => row.studentId, (row, k) => holds(k, row.name, row.studentNumber, initials.get(row.studentId)), [
      ...studentKeywords(sample!.name, initials.get(sample!.studentId)!),
      sample!.studentNumber.slice(-2),
    ]);
  });

  it('external exams: by name or organiser; an exam\'s grid by name, initials or number', async () => {
    type Exam = { id: number; name: string; organiser: string };
    const exams = (keyword: string, currPage: number) => call<Page<Exam>>('/api/scores/external/page', { currPage, limit: 500, search: { keyword } });
    const [exam] = (await exams('', 0)).rows;
    await expectKeywords(exams, (row) => row.id, (row, k) => holds(k, row.name, row.organiser), [exam!.organiser.slice(0, 1), exam!.organiser.slice(0, 2), exam!.name.slice(0, 2), exam!.name]);

    const initials = await studentInitials();
    type Row = { studentId: number; name: string; studentNumber: string };
    const grid = (keyword: string, currPage: number) => call<Page<Row>>('/api/scores/external/scores', { examId: exam!.id, currPage, limit: 500, ...(keyword ? { keyword } : {}) });
    const [sample] = (await grid('', 0)).rows;
    await expectKeywords(grid, (row) => row.studentId, (row, k) => holds(k, row.name, row.studentNumber, initials.get(row.studentId)), studentKeywords(sample!.name, initials.get(sample!.studentId)!));
  });
});
