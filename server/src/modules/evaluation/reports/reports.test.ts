import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { QualityReport, StudyReport, StudyRun } from '@campus/contract';
import { queryRows } from '../../../db/client.ts';
import { backgroundOf } from '../../../platform/background.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account = 'jz201911001', headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const get = (url: string, account = 'jz201911001') => t.inject({ method: 'GET', url, headers: { [t.config.tokenHeader]: tokens[account]! } });
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0]!;

const demoStudent = () => one<{ id: number; classId: number }>(sql`SELECT id, class_id AS "classId" FROM students WHERE student_number = '201911001'`);
const lastTerm = () => one<{ id: number }>(sql`SELECT id FROM terms WHERE code = '2025-2026-2'`);

describe('综合素质报告: a student\'s term in one report', () => {
  it("shows a parent their child's released evaluations, awards, conduct and scores of a term", async () => {
    const student = await demoStudent();
    const choices = (await call('/api/evaluation/quality/students', {})).json().data;
    expect(choices.classes).toEqual([]);
    expect(choices.students.map((s: { id: number }) => s.id)).toContain(student.id);
    const report: QualityReport = (await call('/api/evaluation/quality/report', { studentId: student.id }, 'jz201911001', { 'accept-language': 'en' })).json().data;
    expect(report.student.studentNumber).toBe('201911001');
    // Only released themes: this term's health test, not the moral theme still being filled.
    expect(report.evaluations.map((e) => e.name)).toEqual(['体质健康测评']);
    expect(report.evaluations[0]!.items.every((item) => item.value !== null || item.kind === 'enum')).toBe(true);
    const previous: QualityReport = (await call('/api/evaluation/quality/report', { studentId: student.id, termId: (await lastTerm()).id })).json().data;
    expect(previous.evaluations.map((e) => e.type)).toEqual(['moral', 'comment']);
    expect(previous.scores.length).toBeGreaterThan(0);
    expect(previous.scores.every((batch) => batch.termId === previous.term.id)).toBe(true);
    for (const row of [...report.conduct, ...previous.conduct]) expect(row.category).not.toMatch(/^[a-z]+$/);
  });

  it('lets the class teacher see the unreleased themes of their class, and refuses other students', async () => {
    const student = await demoStudent();
    const staffView: QualityReport = (await call('/api/evaluation/quality/report', { studentId: student.id }, 'T0002')).json().data;
    expect(staffView.evaluations.map((e) => e.name)).toEqual(expect.arrayContaining(['体质健康测评', '思想品德评价', '班主任评语']));
    const choices = (await call('/api/evaluation/quality/students', {}, 'T0002')).json().data;
    expect(choices.classes.map((c: { id: number }) => c.id)).toEqual([student.classId]);
    const stranger = await one<{ id: number; classId: number }>(sql`SELECT id, class_id AS "classId" FROM students WHERE class_id <> ${student.classId} LIMIT 1`);
    const refused = await call('/api/evaluation/quality/report', { studentId: stranger.id }, 'T0002', { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/your own students/);
    expect((await call('/api/evaluation/quality/report', { studentId: stranger.id }, 'jz201911001')).statusCode).toBe(403);
    expect((await call('/api/evaluation/quality/students', { classId: stranger.classId }, 'T0002')).statusCode).toBe(403);
    // The office (the all-classes button) opens anyone.
    expect((await call('/api/evaluation/quality/report', { studentId: stranger.id }, 'admin')).json().result).toBe(true);
  });

  it('answers the report as a PDF in the language asked', async () => {
    const student = await demoStudent();
    const pdf = await get(`/api/evaluation/quality/pdf?studentId=${student.id}&lang=en`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(String(pdf.headers['content-disposition'])).toMatch(/Comprehensive%20quality%20report/);
    const stranger = await one<{ id: number }>(sql`SELECT id FROM students WHERE class_id <> ${student.classId} LIMIT 1`);
    expect((await get(`/api/evaluation/quality/pdf?studentId=${stranger.id}`)).statusCode).toBe(403);
  });
});

describe('学业报告: the term\'s scores subject by exam, one student or a whole class', () => {
  it("defaults to the latest term with released scores and lays out subjects by exam with the comment", async () => {
    const student = await demoStudent();
    // The page's first call opens on that term too, for the family and for the class teacher.
    expect((await call('/api/evaluation/study/students', {})).json().data.termId).toBe((await lastTerm()).id);
    expect((await call('/api/evaluation/study/students', {}, 'T0002')).json().data.termId).toBe((await lastTerm()).id);
    expect((await call('/api/evaluation/quality/students', {})).json().data.termId).not.toBe((await lastTerm()).id);
    const report: StudyReport = (await call('/api/evaluation/study/report', { studentId: student.id })).json().data;
    expect(report.term.id).toBe((await lastTerm()).id);
    expect(report.batches.length).toBe(2);
    // Oldest first: the mid-term before the final.
    expect(report.batches[0]!.name).toMatch(/期中/);
    expect(report.subjects.length).toBe(6);
    for (const subject of report.subjects) {
      const given = report.batches.map((b) => subject.scores[String(b.id)]).filter((s): s is number => typeof s === 'number');
      if (given.length) expect(subject.average).toBeCloseTo(given.reduce((a, b) => a + b, 0) / given.length, 1);
    }
    expect(report.comment).toBeTruthy();
    const pdf = await get(`/api/evaluation/study/pdf?studentId=${student.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("makes the class's reports in the background with progress, for its class teacher only", async () => {
    const student = await demoStudent();
    const term = await lastTerm();
    const other = await one<{ id: number }>(sql`SELECT id FROM classes WHERE id <> ${student.classId} ORDER BY id LIMIT 1`);
    const refused = await call('/api/evaluation/study/classRun', { classId: other.id, termId: term.id }, 'T0002', { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(403);
    expect((await call('/api/evaluation/study/classRun', { classId: student.classId, termId: term.id })).statusCode).toBe(403);
    const queued = (await call('/api/evaluation/study/classRun', { classId: student.classId, termId: term.id }, 'T0002', { 'accept-language': 'en' })).json();
    expect(queued.result).toBe(true);
    expect(queued.msg).toMatch(/being made/);
    const busy = (await call('/api/evaluation/study/classRun', { classId: student.classId, termId: term.id }, 'T0002', { 'accept-language': 'en' })).json();
    expect(busy.msg).toMatch(/already being made/);
    let runs: StudyRun[] = (await call('/api/evaluation/study/runs', {}, 'T0002')).json().data;
    expect(runs[0]).toMatchObject({ id: queued.data.id, status: 'queued', fileId: null });
    await backgroundOf(t.app).runPending();
    runs = (await call('/api/evaluation/study/runs', {}, 'T0002')).json().data;
    const students = (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM students WHERE class_id = ${student.classId}`)).n;
    expect(runs[0]).toMatchObject({ status: 'done', done: students, total: students });
    expect(runs[0]!.fileName).toMatch(/\.pdf$/);
    const file = await get(`/file/download/${runs[0]!.fileId}`, 'T0002');
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // One page or more per student.
    expect((file.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(students);
    // Nobody else reads the file; another teacher does not see the run.
    expect((await get(`/file/download/${runs[0]!.fileId}`, 'T0001')).statusCode).toBe(404);
    expect((await call('/api/evaluation/study/runs', {}, 'admin')).json().data).toEqual([]);
  });
});
