import { z } from 'zod';
import { idSchema } from '../system/system.ts';
import { UPLOAD_PURPOSES } from '../shared/files.ts';

/**
 * 作业发布 and 我的作业 (issue 13). A teacher assigns homework to classes, teaching classes (elective
 * sessions) or single students; each student has a work row that follows the status machine of spec 4:
 * the student or a parent hands in, the teacher corrects, asks for a revision and approves it.
 */

/** The upload purpose of each attachment group of an assignment (spec 5 and 9). */
export const ASSIGNMENT_ATTACHMENTS = {
  images: 'assignmentImage',
  video: 'onlineVideo',
  documents: 'document',
  audio: 'audio',
  recordings: 'recording',
} as const satisfies Record<string, keyof typeof UPLOAD_PURPOSES>;
export type AssignmentAttachmentGroup = keyof typeof ASSIGNMENT_ATTACHMENTS;

/** What a submission may carry: text, pictures (from the camera on a phone), documents, recordings. */
export const SUBMISSION_ATTACHMENTS = {
  images: 'assignmentImage',
  documents: 'document',
  recordings: 'recording',
} as const satisfies Record<string, keyof typeof UPLOAD_PURPOSES>;
export type SubmissionAttachmentGroup = keyof typeof SUBMISSION_ATTACHMENTS;

/** A recording made in the browser stops by itself at this length (spec 9: up to 10 minutes). */
export const RECORDING_MAX_SECONDS = 600;

/**
 * The homework status machine (spec 4), one per student of an assignment:
 * - to_submit: not opened by the student or a parent yet; viewed: opened, not handed in;
 * - submitted: handed in, the teacher has not opened it; to_check: the teacher opened it, to be corrected;
 * - corrected: corrected (comment, and score or grade when graded);
 * - to_revise: the teacher asked for a revision; revised_pending: the revision is handed in;
 *   revised_approved: the teacher approved it;
 * - no_submission: the assignment asks for no online submission.
 */
export const HOMEWORK_STATUSES = ['to_submit', 'viewed', 'submitted', 'to_check', 'corrected', 'to_revise', 'revised_pending', 'revised_approved', 'no_submission'] as const;
export type HomeworkStatus = (typeof HOMEWORK_STATUSES)[number];

export const HOMEWORK_TRANSITIONS: Record<HomeworkStatus, readonly HomeworkStatus[]> = {
  to_submit: ['viewed', 'submitted'],
  viewed: ['submitted'],
  // Handed in and not opened by the teacher yet: the student may still change it.
  submitted: ['submitted', 'to_check', 'corrected', 'to_revise'],
  to_check: ['corrected', 'to_revise'],
  // A correction may be written again, or a revision asked for afterwards.
  corrected: ['corrected', 'to_revise'],
  to_revise: ['revised_pending'],
  revised_pending: ['revised_approved', 'to_revise'],
  revised_approved: [],
  no_submission: [],
};
export function canMoveHomework(from: HomeworkStatus, to: HomeworkStatus): boolean {
  return HOMEWORK_TRANSITIONS[from].includes(to);
}
/** Statuses in which the student has not handed anything in yet (the teacher's "missing"). */
export const HOMEWORK_MISSING: readonly HomeworkStatus[] = ['to_submit', 'viewed'];
/** Statuses waiting for the teacher (the teacher's "to correct"). */
export const HOMEWORK_WAITING: readonly HomeworkStatus[] = ['submitted', 'to_check', 'revised_pending'];

/** Grades a graded assignment may give beside or instead of a score. */
export const HOMEWORK_GRADES = ['A', 'B', 'C', 'D'] as const;
export type HomeworkGrade = (typeof HOMEWORK_GRADES)[number];

export const ASSIGNMENT_TITLE_MAX = 100;
/** The content is rich text (HTML, cleaned on the server); its length counts the HTML. */
export const ASSIGNMENT_CONTENT_MAX = 20000;
export const SUBMISSION_TEXT_MAX = 5000;
export const CORRECTION_COMMENT_MAX = 500;
export const PARENT_MESSAGE_MAX = 500;
export const REVISION_NOTE_MAX = 500;
export const ASSIGNMENT_CLASSES_MAX = 50;
export const ASSIGNMENT_STUDENTS_MAX = 500;
/** Students one bulk correction may cover. */
export const CORRECTION_BATCH_MAX = 200;
/** Reminders to the parents of missing students go out at most once in this many minutes. */
export const HOMEWORK_REMIND_INTERVAL_MINUTES = 10;
export const MY_HOMEWORK_URL = '/jxhd/wdzy';
export const ASSIGNMENT_URL = '/jxhd/zyfb';

/** 'YYYY-MM-DD HH:mm', the school's clock. */
const endAtSchema = z
  .string({ message: 'homework.endAtRequired' })
  .trim()
  .min(1, 'homework.endAtRequired')
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'homework.endAtFormat');

const fileIds = (purpose: keyof typeof UPLOAD_PURPOSES, message: string) =>
  z.array(z.string().trim().min(1, 'errors.badRequest').max(40, 'errors.badRequest')).max(UPLOAD_PURPOSES[purpose].maxFiles, message).default([]);

const assignmentAttachmentFields = {
  images: fileIds('assignmentImage', 'homework.tooManyFiles.images'),
  video: fileIds('onlineVideo', 'homework.tooManyFiles.video'),
  documents: fileIds('document', 'homework.tooManyFiles.documents'),
  audio: fileIds('audio', 'homework.tooManyFiles.audio'),
  recordings: fileIds('recording', 'homework.tooManyFiles.recordings'),
};

const assignmentFields = {
  title: z.string({ message: 'homework.titleRequired' }).trim().min(1, 'homework.titleRequired').max(ASSIGNMENT_TITLE_MAX, 'validation.tooLong'),
  content: z.string({ message: 'homework.contentRequired' }).trim().min(1, 'homework.contentRequired').max(ASSIGNMENT_CONTENT_MAX, 'validation.tooLong'),
  endAt: endAtSchema,
  needsRevision: z.boolean({ message: 'errors.badRequest' }).default(false),
  onlineSubmission: z.boolean({ message: 'errors.badRequest' }).default(true),
  graded: z.boolean({ message: 'errors.badRequest' }).default(false),
  ...assignmentAttachmentFields,
};

/** Assigning: the fields and who it is for (at least one class, teaching class or student). */
export const assignmentCreateSchema = z
  .object({
    ...assignmentFields,
    classIds: z.array(idSchema).max(ASSIGNMENT_CLASSES_MAX, 'homework.tooManyClasses').default([]),
    teachingClassIds: z.array(idSchema).max(ASSIGNMENT_CLASSES_MAX, 'homework.tooManyClasses').default([]),
    studentIds: z.array(idSchema).max(ASSIGNMENT_STUDENTS_MAX, 'homework.tooManyStudents').default([]),
  })
  .refine((value) => value.classIds.length + value.teachingClassIds.length + value.studentIds.length > 0, {
    message: 'homework.recipientsRequired',
    path: ['classIds'],
  });
export type AssignmentCreate = z.infer<typeof assignmentCreateSchema>;

/** Modifying keeps who it is for; whether it asks for online submission cannot change once assigned. */
export const assignmentUpdateSchema = z.object({ id: idSchema, ...assignmentFields });
export type AssignmentUpdate = z.infer<typeof assignmentUpdateSchema>;

export const assignmentSearchSchema = z
  .object({
    title: z.string().trim().max(100, 'validation.tooLong').optional(),
    /** '' all, 'open' before the end time, 'ended' after it. */
    state: z.enum(['', 'open', 'ended']).optional(),
  })
  .strip();

/** The students of one assignment as its teacher sees them. */
export const homeworkWorkSearchSchema = z
  .object({
    status: z.enum(['', 'missing', 'waiting', 'late', ...HOMEWORK_STATUSES]).optional(),
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
  })
  .strip();

/** 我的作业: due (not handed in, before the end), overdue, to revise, done (everything else handed in). */
export const MY_HOMEWORK_TABS = ['due', 'overdue', 'toRevise', 'done'] as const;
export type MyHomeworkTab = (typeof MY_HOMEWORK_TABS)[number];
export const myHomeworkSearchSchema = z
  .object({
    tab: z.enum(['', ...MY_HOMEWORK_TABS]).optional(),
    /** A parent's chosen child (a student's own list ignores it). */
    studentId: z.union([idSchema, z.literal('')]).optional(),
    title: z.string().trim().max(100, 'validation.tooLong').optional(),
  })
  .strip();

const submissionAttachmentFields = {
  images: fileIds('assignmentImage', 'homework.tooManyFiles.images'),
  documents: fileIds('document', 'homework.tooManyFiles.documents'),
  recordings: fileIds('recording', 'homework.tooManyFiles.recordings'),
};

/** Handing in (or handing in the revision): at least some text or one file. */
export const homeworkSubmitSchema = z
  .object({
    assignmentId: idSchema,
    /** The child a parent hands in for; a student hands in their own (and may leave it out). */
    studentId: idSchema.optional(),
    text: z.string({ message: 'errors.badRequest' }).trim().max(SUBMISSION_TEXT_MAX, 'validation.tooLong').default(''),
    ...submissionAttachmentFields,
    parentMessage: z.string({ message: 'errors.badRequest' }).trim().max(PARENT_MESSAGE_MAX, 'validation.tooLong').default(''),
  })
  .refine((value) => value.text !== '' || value.images.length + value.documents.length + value.recordings.length > 0, {
    message: 'homework.submissionEmpty',
    path: ['text'],
  });
export type HomeworkSubmit = z.infer<typeof homeworkSubmitSchema>;

/** One student's work, for the student's own and for the teacher's calls. */
export const homeworkWorkKeySchema = z.object({ assignmentId: idSchema, studentId: idSchema });

/** Correcting one or several students at once (the same comment, score or grade for all). */
export const homeworkCorrectSchema = z.object({
  assignmentId: idSchema,
  studentIds: z.array(idSchema).min(1, 'homework.studentsRequired').max(CORRECTION_BATCH_MAX, 'homework.tooManyStudents'),
  comment: z.string({ message: 'errors.badRequest' }).trim().max(CORRECTION_COMMENT_MAX, 'validation.tooLong').default(''),
  /** 0 to 100 with at most one decimal; with the grade, one of them is needed when the assignment is graded. */
  score: z
    .number({ message: 'homework.scoreRange' })
    .min(0, 'homework.scoreRange')
    .max(100, 'homework.scoreRange')
    .refine((value) => Number.isInteger(Math.round(value * 10)) && Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, 'homework.scoreRange')
    .nullable()
    .default(null),
  grade: z.enum(HOMEWORK_GRADES, { message: 'homework.gradeInvalid' }).nullable().default(null),
});
export type HomeworkCorrect = z.infer<typeof homeworkCorrectSchema>;

/** Asking for a revision (of one or several) with a note of what to change. */
export const homeworkRevisionSchema = z.object({
  assignmentId: idSchema,
  studentIds: z.array(idSchema).min(1, 'homework.studentsRequired').max(CORRECTION_BATCH_MAX, 'homework.tooManyStudents'),
  note: z.string({ message: 'homework.revisionNoteRequired' }).trim().min(1, 'homework.revisionNoteRequired').max(REVISION_NOTE_MAX, 'validation.tooLong'),
});

/** Approving handed-in revisions. */
export const homeworkApproveSchema = z.object({
  assignmentId: idSchema,
  studentIds: z.array(idSchema).min(1, 'homework.studentsRequired').max(CORRECTION_BATCH_MAX, 'homework.tooManyStudents'),
  comment: z.string({ message: 'errors.badRequest' }).trim().max(CORRECTION_COMMENT_MAX, 'validation.tooLong').default(''),
});

export interface HomeworkFile {
  id: string;
  name: string;
  size: number;
  mimeType: string;
}

export type AssignmentAttachments = Record<AssignmentAttachmentGroup, HomeworkFile[]>;
export type SubmissionAttachments = Record<SubmissionAttachmentGroup, HomeworkFile[]>;

/** Each assignment's progress (spec: submitted, corrected, late, missing). */
export interface AssignmentProgress {
  total: number;
  submitted: number;
  corrected: number;
  late: number;
  missing: number;
  /** Handed in (or revised) and waiting for the teacher. */
  waiting: number;
  toRevise: number;
}

/** A row of 作业发布 (the teacher's list). */
export interface AssignmentRow {
  id: number;
  title: string;
  publisherName: string;
  createdAt: string;
  endAt: string;
  ended: boolean;
  needsRevision: boolean;
  onlineSubmission: boolean;
  graded: boolean;
  /** Classes, teaching classes and single students, as names. */
  targetNames: string[];
  progress: AssignmentProgress;
}

export interface AssignmentDetail extends AssignmentRow {
  content: string;
  attachments: AssignmentAttachments;
  classes: { id: number; name: string }[];
  teachingClasses: { id: number; name: string }[];
  students: { id: number; name: string; studentNumber: string }[];
  lastRemindedAt: string | null;
}

/** What a student has handed in (the first time, and the revision). */
export interface HomeworkSubmission {
  text: string;
  attachments: SubmissionAttachments;
  submittedAt: string;
  submittedByName: string;
}

/** One student's work on an assignment. */
export interface HomeworkWork {
  assignmentId: number;
  studentId: number;
  studentName: string;
  studentNumber: string;
  /** The student's account (ZH), which opens the student information dialog. */
  studentAccount: string;
  className: string;
  status: HomeworkStatus;
  late: boolean;
  submission: HomeworkSubmission | null;
  revision: HomeworkSubmission | null;
  revisionNote: string;
  revisionRequestedAt: string | null;
  comment: string;
  score: number | null;
  grade: HomeworkGrade | null;
  correctedAt: string | null;
  correctedByName: string;
  parentMessage: string;
}

/** A row of the teacher's list of one assignment's students (no file details). */
export type HomeworkWorkRow = Omit<HomeworkWork, 'submission' | 'revision'> & { submittedAt: string | null; revisedAt: string | null };

/** A row of 我的作业. */
export interface MyHomeworkRow {
  assignmentId: number;
  studentId: number;
  studentName: string;
  title: string;
  publisherName: string;
  createdAt: string;
  endAt: string;
  ended: boolean;
  status: HomeworkStatus;
  late: boolean;
  needsRevision: boolean;
  onlineSubmission: boolean;
  graded: boolean;
  score: number | null;
  grade: HomeworkGrade | null;
}

/** 我的作业's detail: the assignment and the student's own work. */
export interface MyHomeworkDetail extends MyHomeworkRow {
  content: string;
  attachments: AssignmentAttachments;
  work: HomeworkWork;
  /** Whether the caller may hand in now (or hand in the revision). */
  canSubmit: boolean;
}
