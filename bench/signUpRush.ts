/**
 * 活动报名 at the issue's scale (issue 17): 1,000 students of the biggest grade sign up for activities in the
 * same second, five published activities of 120 places each (600 in all), each student asking for one of
 * them. Every request is sent at once, each with its own session (minted in the sessions table, as a login
 * would: logins are measured on their own). Afterwards: no activity holds more than its places, every place
 * is taken, and the counts agree with the sign-ups. Everything it made is removed. The 'sign-up rush'
 * scenario of `npm run bench` (bench/run.ts).
 */
import { mintSessions, rush } from './rush.ts';

export interface SignUpRushFacts {
  students: number;
  seats: number;
  placed: number;
  full: number;
  overbooked: string[];
  p50: number;
  p99: number;
  maxMs: number;
  /** The same burst of the cheapest public call: this harness's floor on this machine at this moment. */
  floorP99: number;
  msg: string;
}

const ACTIVITIES = 5;
const PLACES = 120;

export function describeSignUpRush(r: SignUpRushFacts): string {
  if (r.msg) return `sign-up rush: ${r.msg}`;
  return `sign-up rush: ${r.students} students, ${r.seats} places: ${r.placed} signed up, ${r.full} told full, ${r.overbooked.length ? `OVERBOOKED ${r.overbooked.join(', ')}` : 'none overbooked'}; p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.maxMs} ms; the same burst of the cheapest public call: p99 ${r.floorP99} ms`;
}

export async function measureSignUpRush(base: string, query: <T>(text: string) => Promise<T[]>, tokenHeader: string): Promise<SignUpRushFacts> {
  const facts: SignUpRushFacts = { students: 0, seats: ACTIVITIES * PLACES, placed: 0, full: 0, overbooked: [], p50: NaN, p99: NaN, maxMs: NaN, floorP99: NaN, msg: '' };
  const [term] = await query<{ id: number }>(`SELECT id FROM terms WHERE is_current LIMIT 1`);
  const [grade] = await query<{ id: number }>(`
    SELECT c.grade_id AS id FROM students s JOIN classes c ON c.id = s.class_id WHERE s.in_school_status = '1' GROUP BY c.grade_id ORDER BY count(*) DESC LIMIT 1`);
  const [owner] = await query<{ id: number }>(`SELECT id FROM users WHERE account = 'admin'`);
  if (!term || !grade || !owner) return { ...facts, msg: 'the district has no current term, grade or administrator' };
  const students = await query<{ id: number; user_id: number }>(`
    SELECT s.id, s.user_id FROM students s JOIN classes c ON c.id = s.class_id
    WHERE c.grade_id = ${grade.id} AND s.in_school_status = '1' AND s.user_id IS NOT NULL ORDER BY s.id LIMIT 1000`);
  if (students.length < 1000) return { ...facts, msg: `only ${students.length} students in the biggest grade` };
  const stamp = `bench-signup-${Date.now()}`;
  const eventIds: number[] = [];
  let sessions: { tokens: string[]; end: () => Promise<void> } | null = null;
  try {
    for (let i = 0; i < ACTIVITIES; i++) {
      const [event] = await query<{ id: number }>(`
        INSERT INTO campus_events (kind, term_id, title, host, place, starts_at, ends_at, signup_start, signup_end, capacity, grade_ids, status, owner_user_id)
        VALUES ('activity', ${term.id}, '${stamp}-${i}', '压测', '操场', now() + interval '1 day', now() + interval '1 day 2 hours',
          now() - interval '1 hour', now() + interval '12 hours', ${PLACES}, ARRAY[${grade.id}], 'published', ${owner.id}) RETURNING id`);
      eventIds.push(event!.id);
    }
    sessions = await mintSessions(query, students.map((s) => s.user_id));
    facts.students = students.length;
    const outcome = await rush(base, tokenHeader, sessions.tokens, '/api/campusLife/activities/signup', (i) => ({ id: eventIds[i % ACTIVITIES] }));
    Object.assign(facts, { p50: outcome.p50, p99: outcome.p99, maxMs: outcome.maxMs, floorP99: outcome.floorP99, placed: outcome.placed, full: outcome.full });
    if (outcome.unexpected) facts.msg = `unexpected answer: ${outcome.unexpected}`;
    const counts = await query<{ id: number; capacity: number; signed_up: number; real: number }>(`
      SELECT e.id, e.capacity, e.signed_up, (SELECT count(*)::int FROM campus_event_signups su WHERE su.event_id = e.id AND su.status = 'signed') AS real
      FROM campus_events e WHERE e.id IN (${eventIds.join(',')})`);
    for (const row of counts) if (row.real > row.capacity || row.signed_up !== row.real) facts.overbooked.push(`activity ${row.id}: ${row.real} of ${row.capacity} (counted ${row.signed_up})`);
    return facts;
  } finally {
    await sessions?.end();
    if (eventIds.length) await query(`DELETE FROM campus_events WHERE id IN (${eventIds.join(',')})`);
  }
}
