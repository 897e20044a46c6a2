import type { SmsSend, SmsSendResult, SmsStudentOption } from '@campus/contract';
import { call, request } from './client.ts';

/** SMS reminders (docs/calls-homeSchool.md, "SMS reminders"). */
export const SMS_CALLS = {
  page: '/api/homeSchool/sms/page',
  classes: '/api/homeSchool/sms/classes',
  students: '/api/homeSchool/sms/students',
  send: '/api/homeSchool/sms/send',
  retry: '/api/homeSchool/sms/retry',
} as const;

export interface SmsClass {
  id: number;
  name: string;
  gradeName: string;
}

export async function fetchSmsClasses(signal?: AbortSignal): Promise<SmsClass[]> {
  const data = await call<SmsClass[] | null>(SMS_CALLS.classes, { json: {}, signal });
  return Array.isArray(data) ? data : [];
}

export async function fetchSmsStudents(classId: number, signal?: AbortSignal): Promise<SmsStudentOption[]> {
  const data = await call<SmsStudentOption[] | null>(SMS_CALLS.students, { json: { classId }, signal });
  return Array.isArray(data) ? data : [];
}

/** Sends or retries; the answer's msg is the server's ('SMS sending failure …' when any failed). */
export async function sendSms(body: SmsSend): Promise<{ result: SmsSendResult; msg: string }> {
  const envelope = await request<SmsSendResult>(SMS_CALLS.send, { json: body });
  return { result: envelope.data, msg: envelope.msg };
}

export async function retrySms(ids: number[]): Promise<{ result: SmsSendResult; msg: string }> {
  const envelope = await request<SmsSendResult>(SMS_CALLS.retry, { json: { ids } });
  return { result: envelope.data, msg: envelope.msg };
}
