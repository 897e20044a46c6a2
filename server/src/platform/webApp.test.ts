import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), 'console.log(1)');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers the page for the root and for client routes, never cached', async () => {
    for (const url of ['/', '/dashboard', '/login', '/xtgl/yhgl', '/some/unknown/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves built assets as immutable and refuses missing files instead of answering the page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // A file written after start-up is served too (a rebuild needs no restart).
    fs.writeFileSync(path.join(dist, 'assets', 'late-9f9f.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/late-9f9f.js' })).body).toBe('console.log(2)');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-0000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('keeps API misses as envelopes', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/ms/getPermission' });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toMatchObject({ result: false, code: 404 });
    const post = await t.app.inject({ method: 'POST', url: '/dashboard' });
    expect(post.json()).toMatchObject({ result: false, code: 404 });
  });
});
