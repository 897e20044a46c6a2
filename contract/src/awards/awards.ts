import { z } from 'zod';
import { idSchema } from '../system/system.ts';
import { UPLOAD_PURPOSES } from '../shared/files.ts';
import { isCalendarDate } from '../records/people.ts';

/**
 * 竞赛获奖 (Competitions and awards): competition events and their awards (学科竞赛及奖项设置), awards of
 * those events given to students (学科获奖), awards above school level (校级以上获奖), and the students' and
 * parents' list of both (我的获奖). docs/calls-awards.md.
 */

/** Pictures of an event, a disciplinary award or a certificate: upload purpose `image`, at most 9. */
export const AWARD_PICTURE_PURPOSE = 'image' as const satisfies keyof typeof UPLOAD_PURPOSES;
export const AWARD_PICTURES_MAX = UPLOAD_PURPOSES[AWARD_PICTURE_PURPOSE].maxFiles;
/** Spec section 5: winner number is a whole number from 0 to 100. */
export const WINNER_NUMBER_MIN = 0;
export const WINNER_NUMBER_MAX = 100;
/** Students chosen in one giving (an award allows at most 100 winners anyway). */
export const AWARD_STUDENTS_MAX = 100;

/** Levels of an award above school level (a fixed list; its names are catalogue keys `awards.level.<code>`). */
export const AWARD_LEVELS = ['district', 'city', 'province', 'national', 'international'] as const;
export type AwardLevel = (typeof AWARD_LEVELS)[number];

export const AWARDS_URLS = { settings: '/jsgl/jssz', aboveSchool: '/jsgl/xjys', disciplinary: '/jsgl/xkhj', myAwards: '/jsgl/wdhj' } as const;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const requiredText = (max: number, message: string) => z.string({ message }).trim().min(1, message).max(max, 'validation.tooLong');
const requiredDate = (message: string) => z.string({ message }).trim().refine(isCalendarDate, message);
const pictures = z
  .array(z.string().trim().min(1, 'errors.badRequest').max(40, 'errors.badRequest'))
  .max(AWARD_PICTURES_MAX, 'awards.tooManyPictures')
  .default([]);
const studentIds = z.array(idSchema).min(1, 'awards.studentsRequired').max(AWARD_STUDENTS_MAX, 'awards.tooManyStudents');
const searchText = z.string().trim().max(100, 'validation.tooLong').optional();
const optionalId = z.preprocess(blankToUndefined, idSchema.optional());

// ---------------------------------------------------------------------------------------------------
// Competition events (学科竞赛)

export const competitionFields = {
  title: requiredText(100, 'awards.titleRequired'),
  heldOn: requiredDate('awards.dateRequired'),
  place: requiredText(100, 'awards.placeRequired'),
  content: requiredText(5000, 'awards.contentRequired'),
  pictures,
};
export const competitionCreateSchema = z.object(competitionFields);
export type CompetitionCreate = z.infer<typeof competitionCreateSchema>;
export const competitionUpdateSchema = z.object({ id: idSchema, ...competitionFields });
export type CompetitionUpdate = z.infer<typeof competitionUpdateSchema>;
export const competitionSearchSchema = z.object({ title: searchText, place: searchText }).strip();

// ---------------------------------------------------------------------------------------------------
// Awards of an event (奖项)

const winnerNumber = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ message: 'awards.winnerNumberRequired' })
    .int('awards.winnerNumberRange')
    .min(WINNER_NUMBER_MIN, 'awards.winnerNumberRange')
    .max(WINNER_NUMBER_MAX, 'awards.winnerNumberRange'),
);

const prizeFields = {
  name: requiredText(100, 'awards.nameRequired'),
  winnerNumber,
  awardedOn: requiredDate('awards.awardTimeRequired'),
  startsOn: requiredDate('awards.startRequired'),
  endsOn: requiredDate('awards.endRequired'),
};
const startBeforeEnd = <T extends { startsOn: string; endsOn: string }>(value: T) => value.startsOn <= value.endsOn;
export const prizeCreateSchema = z.object({ competitionId: idSchema, ...prizeFields }).refine(startBeforeEnd, { message: 'awards.startAfterEnd', path: ['endsOn'] });
export type PrizeCreate = z.infer<typeof prizeCreateSchema>;
export const prizeUpdateSchema = z.object({ id: idSchema, ...prizeFields }).refine(startBeforeEnd, { message: 'awards.startAfterEnd', path: ['endsOn'] });
export type PrizeUpdate = z.infer<typeof prizeUpdateSchema>;
export const prizeSearchSchema = z.object({ competitionId: optionalId, name: searchText }).strip();

// ---------------------------------------------------------------------------------------------------
// Disciplinary awards (学科获奖): an award given to students, chosen by their student ids

export const disciplinaryCreateSchema = z.object({ prizeId: idSchema, studentIds, pictures });
export type DisciplinaryCreate = z.infer<typeof disciplinaryCreateSchema>;
/** Modifying one given award: its pictures (the award and the student stay; delete and give again to change them). */
export const disciplinaryUpdateSchema = z.object({ id: idSchema, pictures });
export type DisciplinaryUpdate = z.infer<typeof disciplinaryUpdateSchema>;
export const disciplinarySearchSchema = z.object({ competitionId: optionalId, prizeId: optionalId, keyword: searchText }).strip();

// ---------------------------------------------------------------------------------------------------
// Awards above school level (校级以上获奖)

const aboveSchoolFields = {
  level: z.enum(AWARD_LEVELS, { message: 'awards.levelRequired' }),
  name: requiredText(100, 'awards.nameRequired'),
  awardedOn: requiredDate('awards.awardTimeRequired'),
  studentIds,
  pictures,
  notes: z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().max(300, 'validation.tooLong')),
};
export const aboveSchoolCreateSchema = z.object(aboveSchoolFields);
export type AboveSchoolCreate = z.infer<typeof aboveSchoolCreateSchema>;
export const aboveSchoolUpdateSchema = z.object({ id: idSchema, ...aboveSchoolFields });
export type AboveSchoolUpdate = z.infer<typeof aboveSchoolUpdateSchema>;
export const aboveSchoolSearchSchema = z.object({ level: z.enum(['', ...AWARD_LEVELS]).optional(), name: searchText, keyword: searchText }).strip();

/** Students the caller may give awards to. */
export const awardStudentSearchSchema = z.object({ keyword: searchText }).strip();
/** 我的获奖: a parent may narrow to one child. */
export const myAwardSearchSchema = z.object({ studentId: optionalId, kind: z.enum(['', 'disciplinary', 'aboveSchool']).optional() }).strip();

// ---------------------------------------------------------------------------------------------------
// Answers

export interface AwardPicture {
  id: string;
  name: string;
  size: number;
  mimeType: string;
}

export interface CompetitionRow {
  id: number;
  title: string;
  heldOn: string;
  place: string;
  publisherName: string;
  releasedAt: string;
  prizeCount: number;
  /** Students given an award of this event. */
  givenCount: number;
  /** Whether the caller may modify or delete it (their own, or every event with the :all right). */
  mine: boolean;
}

export interface PrizeRow {
  id: number;
  competitionId: number;
  competitionTitle: string;
  name: string;
  winnerNumber: number;
  givenCount: number;
  awardedOn: string;
  startsOn: string;
  endsOn: string;
  mine: boolean;
}

export interface CompetitionDetail extends CompetitionRow {
  content: string;
  pictures: AwardPicture[];
  prizes: PrizeRow[];
}

export interface AwardStudent {
  id: number;
  studentNumber: string;
  name: string;
  className: string;
}

export interface DisciplinaryRow {
  id: number;
  prizeId: number;
  prizeName: string;
  competitionId: number;
  competitionTitle: string;
  awardedOn: string;
  student: AwardStudent;
  giverName: string;
  createdAt: string;
  pictureCount: number;
  mine: boolean;
}

export interface DisciplinaryDetail extends DisciplinaryRow {
  pictures: AwardPicture[];
}

export interface AboveSchoolRow {
  id: number;
  level: AwardLevel;
  name: string;
  awardedOn: string;
  notes: string;
  winners: AwardStudent[];
  creatorName: string;
  createdAt: string;
  pictureCount: number;
  mine: boolean;
}

export interface AboveSchoolDetail extends AboveSchoolRow {
  pictures: AwardPicture[];
}

/** A row of 我的获奖: either kind, newest award date first. */
export interface MyAwardRow {
  kind: 'disciplinary' | 'aboveSchool';
  id: number;
  /** The award's name (a prize of an event, or the above-school award's name). */
  name: string;
  /** The event's title (disciplinary) or the level's code (above school). */
  competitionTitle: string | null;
  level: AwardLevel | null;
  awardedOn: string;
  studentId: number;
  studentName: string;
  notes: string;
  pictures: AwardPicture[];
}
