import { z } from 'zod';
import { idSchema, optionalIdSchema, requiredIdSchema, wholeNumberSchema } from '../system/system.ts';

/**
 * 宿舍管理 (/xysh/ssgl) and its room allocation (/ssgl/fjgl), issue 17: rooms of the system's dormitory
 * buildings with their beds, students checked in and out (the history kept), swaps between rooms, hygiene
 * inspections. A class teacher reads where their class sleeps; a student or parent their own room.
 */
export const DORMITORY_PERMISSIONS = {
  /** The page: a class teacher's class, a student's or parent's own room. */
  view: 'campusLife:dormitory',
  /** The dormitory office: rooms, check-in and out, swaps, inspections. */
  edit: 'campusLife:dormitory:edit',
  delete: 'campusLife:dormitory:delete',
  /** /ssgl/fjgl, opened from the page with the room it allocates. */
  allocate: 'campusLife:dormitoryAllocation',
} as const;

export const DORMITORY_URLS = { page: '/xysh/ssgl', allocate: '/ssgl/fjgl' } as const;

export const DORM_GENDERS = ['1', '2'] as const;
export const DORM_BEDS_MAX = 16;
export const DORM_ROOM_NUMBER_MAX = 20;
export const DORM_REMARK_MAX = 200;

export const dormRoomFormSchema = z
  .object({
    id: idSchema.optional(),
    buildingId: requiredIdSchema('dormitory.buildingRequired'),
    floor: wholeNumberSchema(1, 50, 'dormitory.floorRange'),
    number: z.string({ message: 'dormitory.numberRequired' }).trim().min(1, 'dormitory.numberRequired').max(DORM_ROOM_NUMBER_MAX, 'validation.tooLong'),
    gender: z.enum(DORM_GENDERS, { message: 'dormitory.genderRequired' }),
    totalBeds: wholeNumberSchema(1, DORM_BEDS_MAX, 'dormitory.bedsRange'),
    effectiveBeds: wholeNumberSchema(0, DORM_BEDS_MAX, 'dormitory.bedsRange'),
    remark: z.preprocess((value) => value ?? '', z.string().trim().max(DORM_REMARK_MAX, 'validation.tooLong')),
  })
  // Spec 5: effective beds must not exceed total beds.
  .refine((value) => value.effectiveBeds <= value.totalBeds, { message: 'dormitory.effectiveOverTotal', path: ['effectiveBeds'] });
export type DormRoomForm = z.input<typeof dormRoomFormSchema>;
export type DormRoomFormParsed = z.infer<typeof dormRoomFormSchema>;

export const dormRoomSearchSchema = z
  .object({
    buildingId: optionalIdSchema,
    keyword: z.string().trim().max(20, 'validation.tooLong').optional(),
    gender: z.enum(['', ...DORM_GENDERS]).optional(),
    free: z.preprocess((value) => value === true || value === 'true', z.boolean()).optional(),
  })
  .strip();

export interface DormBuilding {
  id: number;
  name: string;
  campusName: string;
  floors: number | null;
  rooms: number;
  beds: number;
  occupied: number;
}

export interface DormRoomRow {
  id: number;
  buildingId: number;
  buildingName: string;
  floor: number;
  number: string;
  gender: '1' | '2';
  totalBeds: number;
  effectiveBeds: number;
  occupied: number;
  remark: string;
  /** Latest hygiene score and its date ('' none). */
  lastScore: number | null;
  lastInspectedOn: string;
}

export interface DormBed {
  id: number;
  label: string;
  /** Beds past the effective count are not used. */
  usable: boolean;
  stayId: number | null;
  studentId: number | null;
  studentNumber: string;
  studentName: string;
  className: string;
  checkedInAt: string;
}

export interface DormRoomDetail extends DormRoomRow {
  beds: DormBed[];
}

/** Check-in: students to free beds of one room; a student and a bed once each. */
export const dormCheckInSchema = z
  .object({
    roomId: idSchema,
    entries: z.array(z.object({ bedId: idSchema, studentId: idSchema })).min(1, 'dormitory.nobodyChosen').max(DORM_BEDS_MAX, 'errors.badRequest'),
  })
  .refine((value) => new Set(value.entries.map((entry) => entry.bedId)).size === value.entries.length, { message: 'dormitory.bedTwice', path: ['entries'] })
  .refine((value) => new Set(value.entries.map((entry) => entry.studentId)).size === value.entries.length, { message: 'dormitory.studentTwice', path: ['entries'] });

export const dormCheckOutSchema = z.object({ stayIds: z.array(idSchema).min(1, 'dormitory.nobodyChosen').max(500, 'errors.badRequest') });

/**
 * A swap between two rooms: the people chosen on each side change beds, the first of one side taking the
 * first's bed of the other. Spec 5: the same room cannot be chosen twice; a swap needs equal numbers.
 */
export const dormSwapSchema = z
  .object({
    fromRoomId: requiredIdSchema('dormitory.roomRequired'),
    toRoomId: requiredIdSchema('dormitory.roomRequired'),
    fromStudentIds: z.array(idSchema).max(DORM_BEDS_MAX, 'errors.badRequest'),
    toStudentIds: z.array(idSchema).max(DORM_BEDS_MAX, 'errors.badRequest'),
  })
  .refine((value) => value.fromRoomId !== value.toRoomId, { message: 'dormitory.sameRoom', path: ['toRoomId'] })
  .refine((value) => value.fromStudentIds.length > 0 && value.toStudentIds.length > 0, { message: 'dormitory.nobodyChosen', path: ['fromStudentIds'] })
  .refine((value) => value.fromStudentIds.length === value.toStudentIds.length, { message: 'dormitory.swapUnequal', path: ['toStudentIds'] });
export type DormSwapForm = z.infer<typeof dormSwapSchema>;

export const dormStaySearchSchema = z
  .object({
    keyword: z.string().trim().max(30, 'validation.tooLong').optional(),
    buildingId: optionalIdSchema,
    current: z.preprocess((value) => value === true || value === 'true', z.boolean()).optional(),
  })
  .strip();

export interface DormStayRow {
  id: number;
  studentId: number;
  studentNumber: string;
  studentName: string;
  className: string;
  buildingName: string;
  roomNumber: string;
  bedLabel: string;
  checkedInAt: string;
  checkedOutAt: string;
  reason: 'checkIn' | 'swap';
  byName: string;
}

export const dormInspectionSchema = z.object({
  roomId: requiredIdSchema('dormitory.roomRequired'),
  inspectedOn: z.string({ message: 'dormitory.dateRequired' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'dormitory.dateRequired'),
  score: z.coerce.number({ message: 'dormitory.scoreRange' }).min(0, 'dormitory.scoreRange').max(100, 'dormitory.scoreRange').multipleOf(0.5, 'dormitory.scoreRange'),
  remark: z.preprocess((value) => value ?? '', z.string().trim().max(DORM_REMARK_MAX, 'validation.tooLong')),
});

export const dormRankingSchema = z
  .object({
    buildingId: optionalIdSchema,
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dormitory.dateRequired'),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dormitory.dateRequired'),
  })
  .refine((value) => value.from <= value.to, { message: 'dormitory.dateOrder', path: ['to'] });

export interface DormRankingRow {
  rank: number;
  roomId: number;
  buildingName: string;
  roomNumber: string;
  inspections: number;
  average: number;
  latest: number;
}

export interface DormInspectionRow {
  id: number;
  roomId: number;
  buildingName: string;
  roomNumber: string;
  inspectedOn: string;
  score: number;
  remark: string;
  inspectorName: string;
}

/** A class teacher's class: where each student sleeps (empty building for a day student). */
export interface DormClassPlace {
  studentId: number;
  studentNumber: string;
  studentName: string;
  className: string;
  gender: string;
  buildingName: string;
  roomNumber: string;
  bedLabel: string;
  checkedInAt: string;
}

/** A student's (a parent's child's) own bed and the names of their room-mates. */
export interface DormMine {
  student: { id: number; name: string; className: string } | null;
  children: { id: number; name: string; className: string }[];
  place: { buildingName: string; roomNumber: string; floor: number; bedLabel: string; checkedInAt: string; roommates: { name: string; bedLabel: string }[]; lastScore: number | null; lastInspectedOn: string } | null;
}
