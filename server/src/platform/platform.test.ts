import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENCRYPTED, type TestApp } from '../../test/helpers.ts';
import { redactParams } from './audit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('builds the OpenAPI document with the documented calls, and serves it only when configured', async () => {
    expect((await t.get('/api/docs/json')).statusCode).toBe(404);
    expect((await t.get('/api/docs')).statusCode).toBe(404);
    const doc = t.app.swagger() as { paths: Record<string, unknown> };
    for (const path of ['/api/login/v4', '/ms/getPermission', '/api/login/updatePwd', '/anon/api/auth/check', '/userManage/getUserInfo', '/api/getExpires', '/logout']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });

  it('answers unknown API paths with the envelope in the caller language', async () => {
    const response = await t.post('/api/nothing-here', undefined, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, result: false, data: null, msg: 'The requested address does not exist' });
  });

  it('answers the client configuration without a login', async () => {
    const body = (await t.get('/api/config/client')).json();
    expect(body.data).toMatchObject({ tokenHeader: 'X-TOKEN-XX', loginType: 'normal', encryption: ENCRYPTED, title: expect.any(String) });
  });

  it('hides a failure inside the server: no stack, no SQL', async () => {
    const Fastify = (await import('fastify')).default;
    const { installErrorHandler } = await import('./errorHandler.ts');
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/broken', async () => {
      throw new Error('relation "secret_table" does not exist: SELECT * FROM secret_table');
    });
    const response = await app.inject({ method: 'GET', url: '/broken', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, result: false, data: null, msg: 'The server could not complete the request, please try again later' });
    expect(response.body).not.toMatch(/secret_table|SELECT|at /);
  });

  it('refuses to start when a module route declares no access', async () => {
    const { registerModules } = await import('../modules/index.ts');
    const Fastify = (await import('fastify')).default;
    const app = Fastify({ logger: false });
    let refused: unknown;
    await app.register(async (scope) => {
      await registerModules(scope);
      try {
        scope.get('/undeclared', async () => 'x');
      } catch (error) {
        refused = error;
      }
    });
    expect(String(refused)).toMatch(/declares no access/);
    await app.close();
  });

  it('removes secrets from logged parameters', () => {
    expect(redactParams({ username: 'a', password: 'p', newPassword: 'n', oldPassword: 'o', sign: 's', token: 't', nested: { checkPass: 'c' }, code: 'x' }, ['code'])).toEqual({
      username: 'a', password: '******', newPassword: '******', oldPassword: '******', sign: '******', token: '******', nested: { checkPass: '******' }, code: '******',
    });
  });
});
