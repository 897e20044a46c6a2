import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ResultCode } from '@campus/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import qs from 'node:querystring';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { auditPlugin } from './platform/audit.ts';
import { authPlugin } from './platform/auth.ts';
import { encryptionPlugin } from './platform/encryption.ts';
import { failure } from './platform/envelope.ts';
import { installErrorHandler } from './platform/errorHandler.ts';
import { t } from './platform/i18n.ts';
import { textCheckPlugin } from './platform/textCheck.ts';
import { requestScopePlugin } from './platform/requestScope.ts';
import { exportAuditPlugin } from './platform/exportAudit.ts';
import { registerModules } from './modules/index.ts';

export interface AppDeps {
  config: Config;
  database: Database;
}

/** Paths the web app owns; any other unknown path is an API miss and answers the envelope. */
const API_PREFIXES = ['/api/', '/ms/', '/anon/', '/userManage/', '/components/', '/dict', '/pk/', '/mobileKb/', '/base/', '/file/', '/xspic/', '/xsjbxxtab/', '/logout'];

/** The origin of a configured address, or null when it is empty, relative or malformed. */
function originOf(address: string): string | null {
  if (!/^https?:\/\//i.test(address)) return null;
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/**
 * Headers every answer carries (issue 12, finding 10): no MIME sniffing, no referrer beyond the origin;
 * API answers (tokens, personal data) are never stored by a cache; the web app's page may not be framed
 * and runs only its own scripts. Ant Design writes its styles at run time, hence 'unsafe-inline' for
 * styles only; configured logo, report and office-preview addresses are allowed where they are used.
 */
function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const logo = originOf(config.logo);
  const frames = [config.reportUrl, config.officePreviewUrl].map(originOf).filter((origin): origin is string => origin !== null);
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${logo ? ` ${logo}` : ''}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    `frame-src 'self'${frames.map((origin) => ` ${origin}`).join('')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      reply.header('content-security-policy', policy);
      reply.header('x-frame-options', 'DENY');
    }
    // Static files and downloads set their own caching; everything else is an API answer.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    genReqId: () => randomUUID(),
    trustProxy: process.env.TRUST_PROXY === '1',
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.decorate('database', database);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  await app.register(cookie);
  // Repeated keys would arrive as arrays and confuse string schemas; the legacy calls never repeat keys.
  await app.register(formbody, { parser: (body: string) => qs.parse(body, '&', '=', { maxKeys: 200 }) });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Campus API', version: '1.0.0', description: 'School administration back office. Envelope: { code, result, data, msg }.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: config.tokenHeader } } },
    },
    transform: jsonSchemaTransform,
  });
  // The document is always built (tests and tools read app.swagger()); it is served only when configured.
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs' });
  installSecurityHeaders(app, config);

  // The log first: its hooks see every call, even one refused by the hooks after it (busy, session).
  await app.register(auditPlugin);
  await app.register(requestScopePlugin);
  await app.register(authPlugin);
  // After the permission check (authPlugin), before validation: a refused caller learns nothing of fields.
  await app.register(textCheckPlugin);
  await app.register(exportAuditPlugin);
  await app.register(encryptionPlugin);

  app.decorate('declaredRoutes', []);
  await app.register(registerModules);

  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    // The wildcard serves files as they are on disk now (a rebuilt web app needs no restart); a
    // missing file falls through to the not-found handler below.
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: true,
      index: ['index.html'],
      // Built assets carry a content hash in their names, so they never change; the page itself may.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const isApi = API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
    // A missing script or image must fail as such, not arrive as the page (a blank screen).
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    if (request.method === 'GET' && hasWeb && !isApi && !isFile) {
      // The single-page app decides what unknown client paths show (its own 404 page).
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
    }
    request.failureMessage = 'not found';
    return reply.status(404).send(failure(ResultCode.notFound, t(request, 'errors.routeNotFound')));
  });

  return app;
}
