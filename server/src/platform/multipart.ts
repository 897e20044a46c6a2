import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';

/**
 * Makes an encapsulated Fastify scope read nothing but multipart bodies, handed to the handler unread.
 * An upload route lives in such a scope so that its large body limit never lets a JSON or form body of
 * that size into memory. Under request encryption the stream is the opened (decrypted) one the
 * encryption plugin returned from preParsing, not the raw socket. Returns the lookup of a request's
 * body stream (undefined when no body came: Fastify runs no parser for an empty one).
 */
export function acceptMultipartOnly(app: FastifyInstance): (request: FastifyRequest) => Readable | undefined {
  const payloads = new WeakMap<FastifyRequest, Readable>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    payloads.set(request, payload as Readable);
    done(null, undefined);
  });
  return (request) => payloads.get(request);
}
