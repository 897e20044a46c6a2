import { ResultCode, type Envelope } from '@campus/contract';

export function ok<T>(data: T, msg = ''): Envelope<T> {
  return { code: ResultCode.ok, result: true, data, msg };
}

export function failure(code: number, msg: string): Envelope<null> {
  return { code, result: false, data: null, msg };
}
