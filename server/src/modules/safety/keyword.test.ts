import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiKit, createTestApp, loginDemoAccounts, type TestApp } from '../../../test/helpers.ts';
import { keywordSqlKit, nameKeywords } from '../../../test/keywordKit.ts';

/** Issue 18: the safety lists (insurance, discipline, open classes) find rows by one and two characters, pinyin initials and longer text. */
let t: TestApp;
let tokens: Record<string, string>;
const { call, one } = apiKit(() => t, () => tokens, { account: 'admin' });

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const { matching, expectFinds } = keywordSqlKit({ call, one });

const studentTexts = sql`concat_ws(chr(1), s.student_number, s.name, s.name_initials)`;

describe('safety keyword search', () => {
  it('finds discipline records by the student, their initials or the description, and students to record for', async () => {
    const records = sql`SELECT concat_ws(chr(1), ${studentTexts}, r.description) AS haystack FROM discipline_records r JOIN students s ON s.id = r.student_id`;
    const student = await one<{ name: string; initials: string; number: string }>(sql`
      SELECT s.name, s.name_initials AS initials, s.student_number AS number FROM discipline_records r JOIN students s ON s.id = r.student_id
      WHERE char_length(s.name_initials) >= 2 ORDER BY r.id LIMIT 1`);
    for (const keyword of [...nameKeywords(student.name, student.initials), student.number, '手机', '迟']) {
      const rows = (await expectFinds('/api/safety/discipline/page', {}, keyword, records)) as { studentNumber: string; description: string }[];
      if (keyword !== '手机' && keyword !== '迟') expect(rows.map((row) => row.studentNumber)).toContain(student.number);
    }
    const everyone = sql`SELECT ${studentTexts} AS haystack FROM students s`;
    for (const keyword of nameKeywords(student.name, student.initials)) {
      const found = (await call('/api/safety/discipline/students', { keyword })).json().data as unknown[];
      expect(found.length, keyword).toBe(Math.min(await matching(everyone, keyword), 20));
    }
  });

  it('finds companies, policies, insured students and students to insure', async () => {
    const companies = sql`SELECT c.name AS haystack FROM insurance_companies c`;
    for (const keyword of ['保', '平安', '人寿保险']) await expectFinds('/api/safety/insurance/companies/page', {}, keyword, companies);
    const policies = sql`SELECT concat_ws(chr(1), p.policy_no, c.name, p.coverage) AS haystack FROM insurance_policies p JOIN insurance_companies c ON c.id = p.company_id`;
    for (const keyword of ['pa', '校外', '2026-0901', '人寿']) await expectFinds('/api/safety/insurance/policies/page', {}, keyword, policies);

    const policy = await one<{ id: number }>(sql`SELECT id FROM insurance_policies WHERE policy_no = 'PL-2025-0318'`);
    const insured = sql`SELECT ${studentTexts} AS haystack FROM insured_students i JOIN students s ON s.id = i.student_id WHERE i.policy_id = ${policy.id}`;
    const student = await one<{ name: string; initials: string; number: string }>(sql`
      SELECT s.name, s.name_initials AS initials, s.student_number AS number FROM insured_students i JOIN students s ON s.id = i.student_id
      WHERE i.policy_id = ${policy.id} AND char_length(s.name_initials) >= 2 ORDER BY s.student_number DESC LIMIT 1`);
    for (const keyword of [...nameKeywords(student.name, student.initials), student.number]) await expectFinds('/api/safety/insurance/insured/page', { policyId: policy.id }, keyword, insured);

    const everyone = sql`SELECT ${studentTexts} AS haystack FROM students s`;
    for (const keyword of [...nameKeywords(student.name, student.initials), student.number]) {
      const found = (await call('/api/safety/insurance/insured/students', { keyword })).json().data as { studentNumber: string }[];
      expect(found.length, keyword).toBe(Math.min(await matching(everyone, keyword), 20));
    }
  });

  it('finds claims by the student, their initials, the policy number or the place', async () => {
    const claims = sql`SELECT concat_ws(chr(1), ${studentTexts}, p.policy_no, cl.place) AS haystack
      FROM insurance_claims cl JOIN insurance_policies p ON p.id = cl.policy_id JOIN students s ON s.id = cl.student_id`;
    const student = await one<{ name: string; initials: string }>(sql`
      SELECT s.name, s.name_initials AS initials FROM insurance_claims cl JOIN students s ON s.id = cl.student_id WHERE char_length(s.name_initials) >= 2 ORDER BY cl.id LIMIT 1`);
    for (const keyword of [...nameKeywords(student.name, student.initials), '学校', '球', 'PL-2025']) await expectFinds('/api/safety/insurance/claims/page', {}, keyword, claims);
  });

  it("finds open classes by topic, class, or the teacher's name and initials, and evaluation sets by name", async () => {
    const classes = sql`SELECT concat_ws(chr(1), o.topic, st.name, st.name_initials, c.name) AS haystack
      FROM open_classes o JOIN staff st ON st.id = o.teacher_id JOIN classes c ON c.id = o.class_id`;
    const sample = await one<{ topic: string; teacher: string; initials: string; className: string }>(sql`
      SELECT o.topic, st.name AS teacher, st.name_initials AS initials, c.name AS "className" FROM open_classes o JOIN staff st ON st.id = o.teacher_id
      JOIN classes c ON c.id = o.class_id WHERE char_length(st.name_initials) >= 2 ORDER BY o.id LIMIT 1`);
    for (const keyword of [...nameKeywords(sample.teacher, sample.initials), sample.topic.slice(0, 2), sample.topic, sample.className])
      await expectFinds('/api/safety/openClasses/page', {}, keyword, classes);
    const sets = sql`SELECT s.name AS haystack FROM evaluation_sets s`;
    for (const keyword of ['课', '评价', '说课评价表']) await expectFinds('/api/safety/evaluationSets/page', {}, keyword, sets);
  });
});
