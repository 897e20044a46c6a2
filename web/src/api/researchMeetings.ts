import type { MeetingForm, MeetingOptions } from '@campus/contract';
import { call, request } from './client.ts';

/** Calls of the teaching-research meetings (docs/calls-teaching.md). */
export const MEETING_CALLS = {
  page: '/api/system/researchMeetings/page',
  options: '/api/system/researchMeetings/options',
  create: '/api/system/researchMeetings/create',
  update: '/api/system/researchMeetings/update',
  delete: '/api/system/researchMeetings/delete',
  attendance: '/api/system/researchMeetings/attendance',
} as const;

export const meetingKeys = { options: ['researchMeetings', 'options'] as const };

export async function fetchMeetingOptions(signal?: AbortSignal): Promise<MeetingOptions> {
  const data = await call<Partial<MeetingOptions> | null>(MEETING_CALLS.options, { json: {}, signal });
  return { groups: Array.isArray(data?.groups) ? data.groups : [] };
}

export async function saveMeeting(body: MeetingForm): Promise<string> {
  return (await request(body.id ? MEETING_CALLS.update : MEETING_CALLS.create, { json: body })).msg;
}

export async function saveAttendance(body: { id: number; marks: { staffId: number; attended: boolean }[] }): Promise<string> {
  return (await request(MEETING_CALLS.attendance, { json: body })).msg;
}
