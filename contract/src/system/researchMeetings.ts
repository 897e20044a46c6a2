import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId } from './system.ts';

/**
 * 教研会议管理 (/jyhygl/hygl, issue 17): meetings of a teaching-research group (系统管理/教研组管理): day and
 * time, place, topic, host, the members invited and whether each attended, minutes (rich text) and
 * documents. The group's leader (and the office) arranges them; members read their groups' meetings.
 */

export const RESEARCH_MEETING_PERMISSIONS = {
  view: 'timetable:researchMeeting',
  /** The office: every group's meetings. */
  all: 'timetable:researchMeeting:all',
} as const;

export const RESEARCH_MEETING_URL = '/jyhygl/hygl';
export const MEETING_TEXT_MAX = 100;
export const MEETING_MINUTES_MAX = 20_000;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const text = (max: number, required: string) => z.preprocess((value) => value ?? '', z.string().trim().min(1, required).max(max, 'validation.tooLong'));

export const meetingFormSchema = z
  .object({
    id: idSchema.optional(),
    groupId: requiredId('meeting.groupRequired'),
    day: z.string({ message: 'meeting.dayRequired' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'meeting.dayRequired'),
    startTime: z.string({ message: 'meeting.timeFormat' }).regex(TIME, 'meeting.timeFormat'),
    endTime: z.string({ message: 'meeting.timeFormat' }).regex(TIME, 'meeting.timeFormat'),
    place: text(MEETING_TEXT_MAX, 'meeting.placeRequired'),
    topic: text(MEETING_TEXT_MAX, 'meeting.topicRequired'),
    hostId: optionalId,
    attendeeIds: z.array(idSchema).max(200, 'errors.badRequest').default([]),
    minutes: z.preprocess((value) => value ?? '', z.string().max(MEETING_MINUTES_MAX, 'validation.tooLong')),
    attachments: z.array(z.string().max(40)).max(4, 'meeting.attachmentsMax').default([]),
  })
  .superRefine((form, ctx) => {
    if (form.endTime <= form.startTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'meeting.timeOrder' });
  });
export type MeetingForm = z.input<typeof meetingFormSchema>;
export type MeetingFormParsed = z.output<typeof meetingFormSchema>;

export const meetingSearchSchema = z
  .object({ groupId: optionalId, keyword: z.string().trim().max(50).optional().default(''), from: z.string().max(10).optional(), to: z.string().max(10).optional() })
  .default({ keyword: '' });

export const attendanceSchema = z.object({
  id: idSchema,
  marks: z.array(z.object({ staffId: idSchema, attended: z.boolean() })).min(1, 'common.selectNone').max(200, 'errors.badRequest'),
});

export interface MeetingRow {
  id: number;
  groupId: number;
  groupName: string;
  day: string;
  startTime: string;
  endTime: string;
  place: string;
  topic: string;
  hostId: number | null;
  hostName: string;
  minutes: string;
  attachments: { id: string; name: string; size: number }[];
  attendees: { staffId: number; name: string; attended: boolean | null }[];
  /** The caller arranges it (the group's leader or the office). */
  manageable: boolean;
}

export interface MeetingOptions {
  /** The groups the caller sees (a member's or leader's; the office all), with members to invite. */
  groups: { id: number; name: string; leaderId: number | null; members: { id: number; name: string }[]; manageable: boolean }[];
}
