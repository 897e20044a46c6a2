/**
 * 问卷统计 at the scale (issue 17): a district survey answered by 200,000 parents. A public survey of
 * five questions (single and multiple choice, rating, matrix, text) is published through the API; 2,000
 * answers come through the public answering call, 100 at a time (their latency is reported), and the rest
 * are loaded straight into the answer queue, as that call would leave them. Then:
 *  - catch-up: the statistics call with 188,000 answers still queued (the batches had not run at all);
 *  - closing: with the last 10,000 answers queued (half a second of answers at 20,000 a second: the
 *    batches run every half second while a survey is answered), the survey closes and the time until its
 *    statistics show all 200,000 is measured (target: within 2 s);
 *  - after closing: the statistics call under 50 connections (target: p99 < 100 ms).
 * Everything it made is removed. The 'survey' scenario of `npm run bench` (bench/run.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';

export interface SurveyBenchFacts {
  answers: number;
  answerP50: number;
  answerP99: number;
  catchUpMs: number;
  readyMs: number;
  p50: number;
  p99: number;
  rps: number;
  failures: number;
  msg: string;
}

const TOTAL = 200_000;
const THROUGH_API = 2_000;
const LAST = 10_000;

export function describeSurveyBench(r: SurveyBenchFacts): string {
  if (r.msg) return `survey statistics: ${r.msg}`;
  return `survey statistics: ${r.answers.toLocaleString('en')} answers (${THROUGH_API.toLocaleString('en')} through the API: p50 ${r.answerP50} ms, p99 ${r.answerP99} ms); ` +
    `catch-up of ${(TOTAL - THROUGH_API - LAST).toLocaleString('en')} queued answers ${r.catchUpMs} ms; ready ${r.readyMs} ms after closing; ` +
    `statistics after closing: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.failures} failures`;
}

const questions = [
  { key: 'a', kind: 'single', title: '您的孩子所在学段', required: true, options: [{ label: '小学' }, { label: '初中' }, { label: '高中' }, { label: '其他' }] },
  { key: 'b', kind: 'multiple', title: '您关心的方面', required: true, options: ['学业', '安全', '饮食', '心理', '体育', '艺术'].map((label) => ({ label })), minPicks: 1, maxPicks: 3 },
  { key: 'c', kind: 'rating', title: '总体满意度', required: true, scale: 5 },
  { key: 'd', kind: 'matrix', title: '请评价', required: true, rows: ['教学', '管理', '沟通'], columns: ['不满意', '一般', '满意'] },
  { key: 'e', kind: 'text', title: '建议', required: false, maxLength: 200 },
];

/** A random sheet by question position, as the queue holds them (SQL, g is the row number). */
const SHEET = `jsonb_build_object('0', floor(random() * 4)::int, '1', jsonb_build_array(floor(random() * 3)::int, 3 + floor(random() * 3)::int),
  '2', 1 + floor(random() * 5)::int, '3', jsonb_build_object('0', floor(random() * 3)::int, '1', floor(random() * 3)::int, '2', floor(random() * 3)::int))
  || CASE WHEN g % 10 = 0 THEN jsonb_build_object('4', '建议' || g) ELSE '{}'::jsonb END`;

export async function measureSurveyBench(base: string, query: <T>(text: string) => Promise<T[]>, tokenHeader: string, durationSeconds: number): Promise<SurveyBenchFacts> {
  const facts: SurveyBenchFacts = { answers: 0, answerP50: NaN, answerP99: NaN, catchUpMs: NaN, readyMs: NaN, p50: NaN, p99: NaN, rps: 0, failures: 0, msg: '' };
  const [admin] = await query<{ id: number }>(`SELECT id FROM users WHERE account = 'admin'`);
  if (!admin) return { ...facts, msg: 'the district has no administrator' };
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(token).digest('hex');
  await query(`INSERT INTO sessions (user_id, token_hash, created_at, rotated_at, last_seen_at, idle_expires_at, absolute_expires_at)
    VALUES (${admin.id}, '${tokenHash}', now(), now(), now(), now() + interval '2 hours', now() + interval '12 hours')`);
  const post = async (url: string, body: unknown, withToken = true) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(withToken ? { [tokenHeader]: token } : {}) },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { result: boolean; msg: string; data: Record<string, unknown> };
  };
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  let id = 0;
  try {
    const created = await post('/api/surveys/design/create', {
      title: `bench-survey-${Date.now()}`, description: '', startsAt: local(new Date(Date.now() - 86_400_000)), endsAt: local(new Date(Date.now() + 3 * 3_600_000)),
      anonymous: true, questions,
    });
    if (!created.result) return { ...facts, msg: `create: ${created.msg}` };
    id = created.data.id as number;
    const published = await post('/api/surveys/design/publish', { id, isPublic: true });
    if (!published.result) return { ...facts, msg: `publish: ${published.msg}` };
    const key = published.data.publicKey as string;

    // Answers through the public call, 100 at once.
    const times: number[] = [];
    for (let start = 0; start < THROUGH_API; start += 100) {
      const results = await Promise.all(
        Array.from({ length: 100 }, async (_, j) => {
          const i = start + j;
          const began = performance.now();
          const answer = await post('/api/surveys/public/submit', {
            key, respondentKey: `bench-respondent-${i}-${'k'.repeat(8)}`,
            answers: { a: i % 4, b: [i % 3, 3 + (i % 3)], c: 1 + (i % 5), d: { '0': i % 3, '1': (i + 1) % 3, '2': (i + 2) % 3 }, ...(i % 10 === 0 ? { e: `建议${i}` } : {}) },
          }, false);
          times.push(performance.now() - began);
          return answer;
        }),
      );
      const refused = results.find((r) => !r.result);
      if (refused) return { ...facts, msg: `answer refused: ${refused.msg}` };
    }
    times.sort((a, b) => a - b);
    facts.answerP50 = Math.round(times[Math.floor(times.length * 0.5)]!);
    facts.answerP99 = Math.round(times[Math.floor(times.length * 0.99)]!);

    // The rest straight into the queue, with their respondents, in chunks of 20,000.
    const load = async (from: number, to: number) => {
      for (let start = from; start < to; start += 20_000) {
        const end = Math.min(to, start + 20_000) - 1;
        await query(`INSERT INTO survey_respondents (survey_id, respondent_key) SELECT ${id}, 'b:bench-' || g FROM generate_series(${start}, ${end}) AS g`);
        await query(`INSERT INTO survey_answer_queue (survey_id, answers) SELECT ${id}, ${SHEET} FROM generate_series(${start}, ${end}) AS g`);
      }
    };
    await load(THROUGH_API, TOTAL - LAST);
    await query(`ANALYZE survey_answer_queue`);
    let began = performance.now();
    const caughtUp = await post('/api/surveys/statistics/get', { id });
    facts.catchUpMs = Math.round(performance.now() - began);
    if (!caughtUp.result) return { ...facts, msg: `statistics: ${caughtUp.msg}` };

    // The last half second of answers, then the survey closes.
    await load(TOTAL - LAST, TOTAL);
    await query(`UPDATE surveys SET ends_at = now() WHERE id = ${id}`);
    began = performance.now();
    for (;;) {
      const stats = await post('/api/surveys/statistics/get', { id });
      if (!stats.result) return { ...facts, msg: `statistics: ${stats.msg}` };
      if ((stats.data.responseCount as number) >= TOTAL) break;
      if (performance.now() - began > 60_000) return { ...facts, msg: `only ${String(stats.data.responseCount)} answers counted after a minute` };
    }
    facts.readyMs = Math.round(performance.now() - began);
    facts.answers = TOTAL;

    // After closing: the statistics under load, after a second of warm-up (as the other scenarios).
    let failures = 0;
    const statisticsLoad = (duration: number) =>
      autocannon({
        url: base,
        connections: 50,
        duration,
        timeout: 10,
        requests: [
          {
            method: 'POST',
            path: '/api/surveys/statistics/get',
            headers: { 'content-type': 'application/json', [tokenHeader]: token },
            body: JSON.stringify({ id }),
            onResponse: (_status, body) => {
              if (body.includes('"result":false')) failures++;
            },
          },
        ],
      });
    await statisticsLoad(1);
    failures = 0;
    const result = await statisticsLoad(durationSeconds);
    facts.p50 = result.latency.p50;
    facts.p99 = result.latency.p99;
    facts.rps = result.requests.average;
    facts.failures = failures + result.non2xx + result.errors + result.timeouts;
    return facts;
  } finally {
    if (id) await query(`DELETE FROM surveys WHERE id = ${id}`);
    await query(`DELETE FROM sessions WHERE token_hash = '${tokenHash}'`);
  }
}
