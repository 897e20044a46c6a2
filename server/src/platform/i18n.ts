import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, translate, type Language, type MessageKey } from '@campus/contract';
import type { FastifyRequest } from 'fastify';

/** The caller's language: the language cookie first (the client's switch), then Accept-Language. */
export function languageOf(request: FastifyRequest): Language {
  const cookie = request.cookies?.[LANGUAGE_COOKIE];
  if (cookie === 'zh' || cookie === 'en') return cookie;
  const accept = request.headers['accept-language'];
  if (typeof accept === 'string' && accept.length > 0) {
    const first = accept.split(',')[0]?.trim().toLowerCase() ?? '';
    if (first.startsWith('en')) return 'en';
    if (first.startsWith('zh')) return 'zh';
  }
  return DEFAULT_LANGUAGE;
}

export function t(request: FastifyRequest, key: MessageKey | string, params?: Record<string, string | number>): string {
  return translate(languageOf(request), key, params);
}
