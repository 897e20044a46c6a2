import { vi } from 'vitest';
import { setFeedback, type Feedback } from '../../app/feedback.ts';

/**
 * Test helpers for the shared components: a stand-in server behind the real request client (fetch is
 * stubbed, so the client's envelope handling, form and JSON encoding all run) and recorded feedback.
 */
export interface RecordedCall {
  url: string;
  path: string;
  method: string;
  form: Record<string, string>;
  json: unknown;
}

export interface Answer {
  result?: boolean;
  code?: number;
  data?: unknown;
  msg?: string;
}

export type Route = (call: RecordedCall) => Answer | Promise<Answer>;

export function stubServer(routes: Record<string, Route>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const parsed = new URL(url, 'http://localhost');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const type = headers['Content-Type'] ?? '';
    const body = typeof init?.body === 'string' ? init.body : '';
    const call: RecordedCall = {
      url,
      path: parsed.pathname,
      method: init?.method ?? 'GET',
      form: type.includes('x-www-form-urlencoded') ? Object.fromEntries(new URLSearchParams(body)) : Object.fromEntries(parsed.searchParams),
      json: type.includes('application/json') && body ? JSON.parse(body) : undefined,
    };
    calls.push(call);
    const route = routes[parsed.pathname];
    const answer: Answer = route ? await route(call) : { result: false, code: 404, msg: `no route ${parsed.pathname}` };
    const envelope = { code: answer.code ?? (answer.result === false ? 400 : 200), result: answer.result ?? true, data: answer.data ?? null, msg: answer.msg ?? '' };
    return new Response(JSON.stringify(envelope), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    to: (path: string) => calls.filter((c) => c.path === path),
    last: (path: string) => calls.filter((c) => c.path === path).at(-1),
  };
}

export function recordFeedback() {
  const fb = {
    message: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
    modal: { warning: vi.fn(), confirm: vi.fn(), info: vi.fn(), error: vi.fn() },
  };
  setFeedback(fb as unknown as Feedback);
  /** The texts shown with one kind of message. */
  const texts = (kind: keyof typeof fb.message) => fb.message[kind].mock.calls.map(([arg]) => (typeof arg === 'object' && arg ? (arg as { content: unknown }).content : arg));
  return { ...fb, texts };
}
