import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId, wholeNumberSchema as whole } from '../system/system.ts';

/**
 * 考场安排 (/kwgl/kcap, issue 15): an exam's candidates (the students of its classes) are placed into rooms
 * automatically (never more than a room's seats, no room used by two exams at overlapping times, each
 * class spread over the rooms so that neighbours come from different classes, numbered seats), then moved
 * by hand. Every subject of the exam is sat in the same room and seat; each subject in each room is a
 * session that invigilators are assigned to (监考安排). The office arranges an unpublished exam; once it is
 * published a student and a parent see the student's own room and seat, and nobody else's (spec 6).
 * Hidden routes: /kwapjt/room (one exam's rooms), /kwapjt/jxb (its classes' seat lists), /kwapjt/pk
 * (its invigilation).
 */

export const EXAM_ROOM_URL = '/kwgl/kcap';
export const EXAM_ARRANGE_ROOMS_URL = '/kwapjt/room';
export const EXAM_CLASS_SEATS_URL = '/kwapjt/jxb';

/** Seats one room offers an exam at most. */
export const EXAM_ROOM_SEATS_MAX = 200;
/** Rooms one exam uses at most. */
export const EXAM_ROOMS_MAX = 300;

export const examBatchRefSchema = z.object({ batchId: requiredId('errors.badRequest') });

export const examArrangeRoomsSchema = z.object({
  batchId: requiredId('errors.badRequest'),
  classroomIds: z.array(idSchema, { message: 'examRoom.roomsRequired' }).min(1, 'examRoom.roomsRequired').max(EXAM_ROOMS_MAX, 'errors.badRequest'),
  /** Seats used in each room (spaced seating); without it every room offers its capacity. */
  seatsPerRoom: z.preprocess((value) => (value === '' || value === null ? undefined : value), whole(1, EXAM_ROOM_SEATS_MAX, 'examRoom.seatsRange').optional()),
});
export type ExamArrangeRooms = z.input<typeof examArrangeRoomsSchema>;
export type ExamArrangeRoomsParsed = z.infer<typeof examArrangeRoomsSchema>;

/** Moves a candidate to a seat; a candidate already sitting there takes the mover's old seat. */
export const examSeatMoveSchema = z.object({
  batchId: requiredId('errors.badRequest'),
  studentId: requiredId('errors.badRequest'),
  examRoomId: requiredId('examRoom.roomRequired'),
  seat: whole(1, EXAM_ROOM_SEATS_MAX, 'examRoom.seatRange'),
});
export type ExamSeatMove = z.input<typeof examSeatMoveSchema>;
export type ExamSeatMoveParsed = z.infer<typeof examSeatMoveSchema>;

export const examArrangementSearchSchema = z
  .object({
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    termId: optionalId,
    gradeId: optionalId,
  })
  .strip();

export const examCandidateSearchSchema = z
  .object({
    batchId: requiredId('errors.badRequest'),
    examRoomId: optionalId,
    classId: optionalId,
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    /** Only those without a seat (joined the class after the arrangement). */
    unplaced: z.boolean().optional(),
  })
  .strip();

/** One exam on the arrangement pages, with how far its rooms and invigilators are arranged. */
export interface ExamArrangementRow {
  id: number;
  name: string;
  termId: number;
  termName: string;
  gradeName: string;
  firstDate: string;
  lastDate: string;
  subjectCount: number;
  published: boolean;
  /** Students of its classes now at school. */
  candidates: number;
  placed: number;
  rooms: number;
  sessions: number;
  invigilatorsNeeded: number;
  invigilatorsAssigned: number;
  /** The term has ended: only viewed. */
  ended: boolean;
}

export interface ExamRoomRow {
  id: number;
  number: number;
  classroomId: number;
  classroomName: string;
  building: string;
  seats: number;
  candidates: number;
  /** Candidates per class, in class order. */
  classes: { name: string; count: number }[];
  /** Seat numbers nobody sits in (for a student placed by hand). */
  freeSeats: number[];
}

export interface ExamCandidateRow {
  studentId: number;
  studentNumber: string;
  name: string;
  classId: number;
  className: string;
  examRoomId: number | null;
  roomNumber: number | null;
  classroomName: string;
  seat: number | null;
}

/** A classroom the office may choose, with what makes it unusable for this exam. */
export interface ExamClassroomOption {
  id: number;
  name: string;
  building: string;
  capacity: number;
  /** Another exam holding the room at an overlapping time: its name, date and time; '' when free. */
  busyWith: string;
}

export interface ExamRoomOptions {
  batch: ExamArrangementRow;
  classrooms: ExamClassroomOption[];
  classes: { id: number; name: string }[];
}

export interface ExamArrangeResult {
  rooms: number;
  placed: number;
  sessions: number;
}

/** What a student (or a parent for a child) sees: their own room and seat in each published exam. */
export interface MyExamSeat {
  batchId: number;
  batchName: string;
  termName: string;
  roomNumber: number;
  classroomName: string;
  building: string;
  seat: number;
  subjects: { courseName: string; examDate: string; startTime: string; endTime: string }[];
}

export const myExamSeatsSchema = z.object({ studentId: optionalId });

/** The PDFs of an exam's arrangement: seat lists per room, door labels per room, seat lists per class. */
export const EXAM_SHEET_KINDS = ['seats', 'doors', 'classes'] as const;
export type ExamSheetKind = (typeof EXAM_SHEET_KINDS)[number];
export const examSheetQuerySchema = z.object({
  batchId: idSchema,
  kind: z.enum(EXAM_SHEET_KINDS, { message: 'errors.badRequest' }),
});
