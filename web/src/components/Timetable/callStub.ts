import type { RequestOptions } from '../../api/client.ts';

/**
 * A stand-in for the request client in component tests: answers by path, records every call.
 *   vi.mock('../../api/client.ts', async () => (await import('../Timetable/callStub.ts')).clientModule);
 *   stub.on('/pk/initXnxq', () => ({ xnxq: [...] }));
 * A handler may throw to imitate a refused call.
 */
export type Handler = (options: RequestOptions | undefined) => unknown;

export interface RecordedCall {
  path: string;
  options: RequestOptions | undefined;
}

class CallStub {
  handlers = new Map<string, Handler>();
  log: RecordedCall[] = [];

  on(path: string, handler: Handler): this {
    this.handlers.set(path, handler);
    return this;
  }

  reset(): void {
    this.handlers.clear();
    this.log = [];
  }

  calls(path: string): RecordedCall[] {
    return this.log.filter((c) => c.path === path);
  }

  /** The form (or JSON body) of each call to `path`. */
  bodies(path: string): Record<string, unknown>[] {
    return this.calls(path).map((c) => (c.options?.json ?? c.options?.form ?? {}) as Record<string, unknown>);
  }

  paths(): string[] {
    return this.log.map((c) => c.path);
  }

  call = async (path: string, options?: RequestOptions): Promise<unknown> => {
    this.log.push({ path, options });
    const handler = this.handlers.get(path);
    if (!handler) throw new Error(`no stub for ${path}`);
    await Promise.resolve();
    if (options?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return handler(options);
  };
}

export const stub = new CallStub();

export class ApiError extends Error {}

/** The client module as the components see it. */
export const clientModule = {
  call: (path: string, options?: RequestOptions) => stub.call(path, options),
  request: async (path: string, options?: RequestOptions) => ({ result: true, code: 200, msg: '', data: await stub.call(path, options) }),
  ApiError,
};

/** Demo answers of the timetable calls. */
export const TERMS = {
  xnxq: [
    { D_ID_: '2026-2027-1', MC: '2026-2027 first term', DQXQ: '1' },
    { D_ID_: '2025-2026-2', MC: '2025-2026 second term', DQXQ: '0' },
  ],
};
export const GRID = {
  zc: [1, 2, 3, 4, 5].map((d) => ({ CODE: d, NAME: `D${d}` })),
  jc: [1, 2, 3].map((p) => ({ PX: p, MC: `P${p}`, SKSJD: `0${7 + p}:00-0${7 + p}:45` })),
};
export const CELLS = {
  zxs: 28,
  data: [
    { zc: 1, jc: 1, kcmc: 'Maths', bq1: 'odd', rkjsmc: 'Wang', rkjs: 'T0001', jsmc: 'Room 101', bjmc: 'Class 8-1' },
    { zc: 2, jc: 2, bq3: 'Chinese', outRkjsmc: 'Li', jsmc: 'Room 101' },
  ],
  xxk: [{ x: 4, y: 3, name: 'Robotics(Zhao)' }],
};

export function stubTimetable(weeks: { zs: number; dqzs: number } = { zs: 21, dqzs: 13 }, other: { zs: number; dqzs: number } = { zs: 20, dqzs: 0 }): void {
  stub
    .on('/pk/initXnxq', () => TERMS)
    .on('/pk/initXnxqZc', (o) => ((o?.form as { xnxq: string }).xnxq === '2026-2027-1' ? weeks : other))
    .on('/pk/initZcJc', () => GRID)
    .on('/mobileKb/getZsByRq', () => 5)
    .on('/pk/queryPkInfoFb', () => CELLS)
    .on('/mobileKb/queryXskb', () => CELLS);
}
