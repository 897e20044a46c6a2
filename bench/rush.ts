/**
 * The harness of the rush scenarios (elective choice, activity sign-up): a thousand students, each with a
 * session of their own minted in the sessions table as a login would (logins are measured on their own),
 * send one request in the same second; the answers, their times, and the floor of this harness on this
 * machine at this moment (the same burst to the cheapest public call).
 */
import { createHash, randomBytes } from 'node:crypto';

export const FULL = 'Class size is full or over';

type Query = <T>(text: string) => Promise<T[]>;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** One fresh session per user; `end` removes them again. */
export async function mintSessions(query: Query, userIds: number[]): Promise<{ tokens: string[]; end: () => Promise<void> }> {
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  const values = userIds.map((userId, i) => `(${userId}, '${hashOf(tokens[i]!)}', now(), now(), now(), now() + interval '2 hours', now() + interval '12 hours')`);
  await query(`INSERT INTO sessions (user_id, token_hash, created_at, rotated_at, last_seen_at, idle_expires_at, absolute_expires_at) VALUES ${values.join(',')}`);
  return { tokens, end: async () => void (await query(`DELETE FROM sessions WHERE token_hash IN (${tokens.map((token) => `'${hashOf(token)}'`).join(',')})`)) };
}

export interface RushOutcome {
  p50: number;
  p99: number;
  maxMs: number;
  floorP99: number;
  placed: number;
  full: number;
  /** The first answer that was neither a place nor 'full', if any. */
  unexpected: string | null;
}

const percentile = (sorted: number[], share: number) => sorted[Math.floor(sorted.length * share)]!;

/** Sends every caller's JSON POST to `path` at once (body per caller) and sums up the answers. */
export async function rush(base: string, tokenHeader: string, tokens: string[], path: string, bodyOf: (i: number) => unknown): Promise<RushOutcome> {
  // The floor, after one round to open the connections, as the real round finds them open.
  const burst = async () => {
    const spent: number[] = [];
    await Promise.all(
      tokens.map(async () => {
        const started = performance.now();
        await (await fetch(`${base}/api/config/client`)).text();
        spent.push(performance.now() - started);
      }),
    );
    return percentile(spent.sort((a, b) => a - b), 0.99);
  };
  await burst();
  const floorP99 = Math.round(await burst());
  const times: number[] = [];
  const answers = await Promise.all(
    tokens.map(async (token, i) => {
      const started = performance.now();
      try {
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [tokenHeader]: token, 'accept-language': 'en' },
          body: JSON.stringify(bodyOf(i)),
        });
        return (await response.json()) as { result: boolean; msg: string };
      } finally {
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    p50: Math.round(percentile(times, 0.5)),
    p99: Math.round(percentile(times, 0.99)),
    maxMs: Math.round(times.at(-1)!),
    floorP99,
    placed: answers.filter((a) => a.result).length,
    full: answers.filter((a) => !a.result && a.msg === FULL).length,
    unexpected: answers.find((a) => !a.result && a.msg !== FULL)?.msg ?? null,
  };
}
