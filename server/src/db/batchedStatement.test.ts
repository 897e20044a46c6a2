import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { hashToken, newToken } from '../platform/tokens.ts';
import { BatchedStatement, BatchedWork, type BatchOutcome, type DbOrTx } from './client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each request's numbers from 1 to its count, with a label: several rows, none, or a repeated request. */
const series = () =>
  new BatchedStatement<{ n: number; label: string }>(
    `SELECT request.position, g.n, request.input->>1 AS label
     FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS request(input, position)
     CROSS JOIN LATERAL generate_series(1, (request.input->>0)::int) AS g(n)
     ORDER BY request.position, g.n`,
    1,
  );

describe('BatchedStatement', () => {
  it('sends the requests that came while one was running together, each getting its own rows', async () => {
    const statement = series();
    const asked: [number, string][] = [[2, 'a'], [3, 'b'], [0, 'none'], [2, 'a'], [1, 'c']];
    const answers = await Promise.all(asked.map((input) => statement.run(t.database.db, input)));
    // On a server the first goes at once and the others together after it; PGlite sends all five together
    // once the turn of the event loop that asked has ended.
    expect(statement.statements).toBe(process.env.DATABASE_URL ? 2 : 1);
    expect(answers).toEqual([
      [{ n: 1, label: 'a' }, { n: 2, label: 'a' }],
      [{ n: 1, label: 'b' }, { n: 2, label: 'b' }, { n: 3, label: 'b' }],
      [],
      [{ n: 1, label: 'a' }, { n: 2, label: 'a' }],
      [{ n: 1, label: 'c' }],
    ]);
    // The repeated request has rows of its own.
    expect(answers[3][0]).not.toBe(answers[0][0]);
    // A quiet caller waits for nothing: one request, one statement.
    expect(await statement.run(t.database.db, [1, 'alone'])).toEqual([{ n: 1, label: 'alone' }]);
    expect(statement.statements).toBe(process.env.DATABASE_URL ? 3 : 2);
  });

  it('fails every request of a batch whose statement fails, and sends the next batch', async () => {
    let failing = true;
    const { client } = (t.database.db as unknown as { session: { client: { query: (...args: unknown[]) => Promise<unknown> } } }).session;
    // A connection that breaks once: the first batch fails, the next one reaches the database.
    const breaking = { session: { client: { query: (...args: unknown[]) => (failing ? Promise.reject(new Error('connection lost')) : client.query(...args)) } } } as unknown as DbOrTx;
    const statement = series();
    const settled = await Promise.allSettled([statement.run(breaking, [1, 'x']), statement.run(breaking, [2, 'y'])]);
    expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    failing = false;
    expect(await statement.run(breaking, [1, 'z'])).toEqual([{ n: 1, label: 'z' }]);
  });
});

describe('session lookups in batches', () => {
  it('answers concurrent calls each with its own session: current, previous within grace, revoked, unknown', async () => {
    const admin = await t.login('admin');
    const teacher = await t.login('T0001');
    const loggedOut = await t.login('T0002');
    await t.inject({ method: 'GET', url: '/logout', headers: { 'x-token-xx': loggedOut } });
    const previous = await t.login('201911001');
    await t.database.db.execute(sql`
      UPDATE sessions SET previous_token_hash = token_hash, token_hash = ${hashToken(newToken())}, previous_valid_until = now() + interval '1 minute'
      WHERE token_hash = ${hashToken(previous)}`);
    const tokens = [admin, teacher, loggedOut, newToken(), previous, admin, teacher, previous];
    const answers = await Promise.all(tokens.map((token) => t.post('/ms/getPermission', undefined, { token })));
    expect(answers.map((response) => response.json()).map((body) => body.data?.userInfo?.userId ?? body.code)).toEqual([
      'admin', 'T0001', 50014, 50014, '201911001', 'admin', 'T0001', '201911001',
    ]);
  });

  it('remembers nothing between batches: a revocation holds for the next call', async () => {
    const token = await t.login('T0001');
    expect((await t.post('/ms/getPermission', undefined, { token })).json().result).toBe(true);
    await t.database.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${hashToken(token)}`);
    expect((await t.post('/ms/getPermission', undefined, { token })).json().code).toBe(50014);
  });
});

describe('BatchedWork', () => {
  /** Doubles each input in one statement, refusing negative ones on their own; records every batch it was given. */
  const doubling = (batches: string[][], failWhenTogether = '') =>
    new BatchedWork<string, number>(
      async (db, inputs) => {
        batches.push(inputs);
        if (failWhenTogether && inputs.length > 1 && inputs.includes(failWhenTogether)) throw new Error('the batch failed');
        if (inputs.length === 1 && inputs[0] === failWhenTogether) throw new Error(`${failWhenTogether} failed`);
        const [row] = await db.execute(sql`SELECT ${JSON.stringify(inputs)}::jsonb AS inputs`).then((result) => (result as unknown as { rows: { inputs: string[] }[] }).rows);
        return row!.inputs.map((input): BatchOutcome<number> => (input.startsWith('-') ? { error: new Error(`refused ${input}`) } : { value: 2 * Number(input.split(':')[0]) }));
      },
      { key: (input) => input.split(':')[1] ?? input },
    );

  it('does the inputs that came while a batch was running together, each answered with its own value or error', async () => {
    const batches: string[][] = [];
    const work = doubling(batches);
    const settled = await Promise.allSettled(['1', '2', '-3', '4'].map((input) => work.run(t.database.db, input)));
    expect(settled.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([2, 4, 'refused -3', 8]);
    // The first goes at once, alone; the others together after it.
    expect(batches).toEqual([['1'], ['2', '-3', '4']]);
    expect(work.batches).toBe(batches.length);
  });

  it('never puts two inputs of one key in a batch: the later waits for the next, in order', async () => {
    const batches: string[][] = [];
    const work = doubling(batches);
    const answers = await Promise.all(['9', '1:a', '2:a', '3:b', '4:a'].map((input) => work.run(t.database.db, input)));
    expect(answers).toEqual([18, 2, 4, 6, 8]);
    expect(batches).toEqual([['9'], ['1:a', '3:b'], ['2:a'], ['4:a']]);
  });

  it('does each input of a batch that failed as a whole again alone, so that one failure stays its own', async () => {
    const batches: string[][] = [];
    const work = doubling(batches, 'bad');
    const settled = await Promise.allSettled(['1', '2', 'bad', '3'].map((input) => work.run(t.database.db, input)));
    expect(settled.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([2, 4, 'bad failed', 6]);
    // The next batch goes on as usual.
    expect(await work.run(t.database.db, '5')).toBe(10);
  });
});
