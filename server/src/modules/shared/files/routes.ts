import { MAX_UPLOAD_BYTES, MB } from '@campus/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ok } from '../../../platform/envelope.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { t } from '../../../platform/i18n.ts';
import { acceptMultipartOnly } from '../../../platform/multipart.ts';
import { deleteOwnFile, fileContentStream, findReadableFile, receiveUpload, storeUpload, type FileMeta, type StoredFile } from './service.ts';

/** The wire shape of an uploaded file: RESID is the id the legacy screens use. */
export interface UploadedFileWire {
  RESID: string;
  name: string;
  size: number;
  mimeType: string;
  url: string;
}

/** The one mapping from a stored file to the wire. */
function toWire(file: StoredFile): UploadedFileWire {
  return { RESID: file.id, name: file.name, size: file.size, mimeType: file.mimeType, url: `/file/download/${file.id}` };
}

/** Kinds a browser shows itself; everything else (office documents, archives) is offered for saving. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'application/pdf', 'video/mp4', 'audio/mpeg', 'audio/mp4']);

/** Content-Disposition with an ASCII fallback and the real name in RFC 5987 form (filename*=UTF-8''...). */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** One `bytes=a-b` range inside the file; null: absent or several ranges (the whole file is sent); 'invalid': unsatisfiable. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return 'invalid';
  let start: number;
  let end: number;
  if (from === '') {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: FileMeta) {
  const etag = `"${file.sha256}"`;
  reply
    .header('content-type', file.mimeType)
    .header('content-disposition', contentDisposition(INLINE_TYPES.has(file.mimeType) ? 'inline' : 'attachment', file.name))
    .header('x-content-type-options', 'nosniff')
    // Every use asks again (the reader's rights may change); an unchanged file answers 304 without its bytes.
    .header('cache-control', 'private, no-cache')
    .header('etag', etag)
    .header('accept-ranges', 'bytes');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  const range = parseRange(request.headers.range, file.size);
  if (range === 'invalid') {
    return reply.status(416).header('content-range', `bytes */${file.size}`).send();
  }
  const { start, end } = range ?? { start: 0, end: file.size - 1 };
  if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${file.size}`);
  reply.header('content-length', String(end - start + 1));
  return reply.send(fileContentStream(request.server.database.db, file.id, start, end));
}

const fileIdBody = z.object({ id: z.string().trim().min(1).max(64) });

/**
 * The upload call lives in its own scope that reads nothing but multipart: its large body limit (the
 * biggest purpose, every file at its limit) must not let a JSON or form body of that size into memory.
 */
async function uploadRoute(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bodyOf = acceptMultipartOnly(app);

  app.post(
    '/api/files/upload',
    {
      bodyLimit: MAX_UPLOAD_BYTES + MB,
      config: { access: 'authenticated', audit: { module: 'files', operation: 'upload' } },
      schema: {
        tags: ['files'],
        summary: 'Upload files (multipart/form-data: field `purpose` first, then one or more files); kinds and limits per purpose in contract/src/shared/files.ts',
        querystring: z.object({ purpose: z.string().max(30, 'validation.tooLong').optional() }),
      },
    },
    async (request) => {
      const payload = bodyOf(request);
      const contentType = request.headers['content-type'] ?? '';
      const dir = await mkdtemp(path.join(os.tmpdir(), 'campus-upload-'));
      try {
        // No body at all (Fastify does not run a parser for an empty one): nothing was chosen.
        if (!payload) throw badRequest('files.noFile');
        const received = await receiveUpload(payload, contentType, request.query.purpose, dir);
        // What the operation log records: the purpose and the names, never the bytes.
        request.body = { purpose: received.purpose, files: received.files.map((file) => file.name) };
        const stored = await storeUpload(app.database.db, request.auth!, received.purpose, received.files);
        return ok(stored.map(toWire));
      } finally {
        // A failed clean-up must not hide the call's own outcome; the folder is in the system's temp space.
        await rm(dir, { recursive: true, force: true }).catch((error: unknown) => request.log.warn({ err: error, dir }, 'upload folder not removed'));
      }
    },
  );
}

export async function filesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await app.register(uploadRoute);

  app.get(
    '/file/download/:resid',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['files'], summary: 'A stored file, to those allowed to see it (owner, administrators, and per purpose); otherwise 404', params: z.object({ resid: z.string() }) },
    },
    async (request, reply) => {
      const file = await findReadableFile(app.database.db, request.auth!, await request.permissions(), request.params.resid);
      if (!file) throw notFound();
      return sendFile(request, reply, file);
    },
  );

  app.route({
    method: ['POST', 'DELETE'],
    url: '/api/files/delete',
    config: { access: 'authenticated', audit: { module: 'files', operation: 'delete' } },
    schema: {
      tags: ['files'],
      summary: 'Delete an own file that nothing refers to (body or query: id)',
      querystring: z.object({ id: z.string().max(64, 'validation.tooLong').optional() }),
    },
    handler: async (request) => {
      const query = request.query as { id?: string };
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const parsed = fileIdBody.safeParse({ id: body.id ?? query.id });
      if (!parsed.success) throw badRequest('validation.required', { field: 'id' });
      await deleteOwnFile(app.database.db, request.auth!, parsed.data.id);
      return ok(null, t(request, 'common.deleted'));
    },
  });
}
