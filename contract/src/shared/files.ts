/**
 * Upload rules (spec sections 5 and 9), one table for the server (the authority) and the web (which
 * shows the same limits and filters the file chooser). A file's kind is decided on the server from its
 * content; the name's extension must agree with the kind found.
 */

export const KB = 1024;
export const MB = 1024 * 1024;

/** Every kind of file the school accepts, with the extensions its name may carry and the type it is served as. */
export const FILE_KINDS = {
  jpeg: { extensions: ['jpg', 'jpeg'], mimeType: 'image/jpeg', label: 'JPG' },
  png: { extensions: ['png'], mimeType: 'image/png', label: 'PNG' },
  pdf: { extensions: ['pdf'], mimeType: 'application/pdf', label: 'PDF' },
  doc: { extensions: ['doc'], mimeType: 'application/msword', label: 'DOC' },
  docx: { extensions: ['docx'], mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'DOCX' },
  xls: { extensions: ['xls'], mimeType: 'application/vnd.ms-excel', label: 'XLS' },
  xlsx: { extensions: ['xlsx'], mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'XLSX' },
  ppt: { extensions: ['ppt'], mimeType: 'application/vnd.ms-powerpoint', label: 'PPT' },
  pptx: { extensions: ['pptx'], mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', label: 'PPTX' },
  mp4: { extensions: ['mp4'], mimeType: 'video/mp4', label: 'MP4' },
  mp3: { extensions: ['mp3'], mimeType: 'audio/mpeg', label: 'MP3' },
  m4a: { extensions: ['m4a'], mimeType: 'audio/mp4', label: 'M4A' },
  zip: { extensions: ['zip'], mimeType: 'application/zip', label: 'ZIP' },
  rar: { extensions: ['rar'], mimeType: 'application/vnd.rar', label: 'RAR' },
  '7z': { extensions: ['7z'], mimeType: 'application/x-7z-compressed', label: '7Z' },
  /** A FET timetabling data file (XML whose root element is <fet>). */
  fet: { extensions: ['fet'], mimeType: 'application/xml', label: 'FET' },
} as const satisfies Record<string, { extensions: readonly string[]; mimeType: string; label: string }>;

export type FileKind = keyof typeof FILE_KINDS;

export interface UploadRule {
  /** Kinds a file of this purpose may be. */
  kinds: readonly FileKind[];
  /** Largest size of one file, in bytes. */
  maxBytes: number;
  /** Most files in one upload call (and, for the screens, on one item). */
  maxFiles: number;
}

const IMAGES = ['jpeg', 'png'] as const;
const OFFICE = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'pdf'] as const;
const AUDIO = ['mp3', 'm4a'] as const;

/**
 * Upload purposes. The purpose decides the limits and, for photos, who may download the file
 * (docs/calls-messages.md). Values the spec leaves open are marked "choice".
 */
export const UPLOAD_PURPOSES = {
  /** General pictures (notices, events, competitions, awards): 9 per item, 2 MB. */
  image: { kinds: IMAGES, maxBytes: 2 * MB, maxFiles: 9 },
  /** The user's own avatar: JPG only, 2 MB. */
  avatar: { kinds: ['jpeg'], maxBytes: 2 * MB, maxFiles: 1 },
  /** A staff member's photo (staff.photo_file_id): JPG, 2 MB like the avatar. */
  staffPhoto: { kinds: ['jpeg'], maxBytes: 2 * MB, maxFiles: 1 },
  /** A student's photo (students.photo_file_id): JPG, 2 MB like the avatar. */
  studentPhoto: { kinds: ['jpeg'], maxBytes: 2 * MB, maxFiles: 1 },
  /** Pictures of a configurable custom page: 2 MB, 9 at a time. */
  customPageImage: { kinds: IMAGES, maxBytes: 2 * MB, maxFiles: 9 },
  /** Assignment pictures: 5 MB each, 9 per item. */
  assignmentImage: { kinds: IMAGES, maxBytes: 5 * MB, maxFiles: 9 },
  /** Leave-application pictures (a sick note): at most 4, 5 MB each (a phone's photo). */
  leaveImage: { kinds: IMAGES, maxBytes: 5 * MB, maxFiles: 4 },
  /** A roll change's supporting paper (a transfer letter, a medical certificate): one picture, 5 MB. */
  rollPhoto: { kinds: IMAGES, maxBytes: 5 * MB, maxFiles: 1 },
  /** Travel-application pictures: at most 4 (size: the general 2 MB). */
  travelImage: { kinds: IMAGES, maxBytes: 2 * MB, maxFiles: 4 },
  /** Videos: mp4, 150 MB, at most 3 per item. */
  video: { kinds: ['mp4'], maxBytes: 150 * MB, maxFiles: 3 },
  /** The single video of an online item (notice attachments: 1 video). */
  onlineVideo: { kinds: ['mp4'], maxBytes: 150 * MB, maxFiles: 1 },
  /** A notice's audio: mp3 or m4a, 1 file (size choice: 20 MB). */
  audio: { kinds: AUDIO, maxBytes: 20 * MB, maxFiles: 1 },
  /** Recordings: up to 3 per assignment of up to 10 minutes each (size choice: 20 MB). */
  recording: { kinds: AUDIO, maxBytes: 20 * MB, maxFiles: 3 },
  /** Office documents and PDF: 10 MB each, at most 4. */
  document: { kinds: OFFICE, maxBytes: 10 * MB, maxFiles: 4 },
  /** The screens that allow large documents: 100 MB each, at most 4. */
  largeDocument: { kinds: OFFICE, maxBytes: 100 * MB, maxFiles: 4 },
  /** Compressed files: 150 MB (count choice: 1). */
  archive: { kinds: ['zip', 'rar', '7z'], maxBytes: 150 * MB, maxFiles: 1 },
  /** Insurance and claim attachments: at most 5 files of 5 MB (kinds choice: pictures, PDF and office documents). */
  insurance: { kinds: [...IMAGES, 'pdf', 'doc', 'docx', 'xls', 'xlsx'], maxBytes: 5 * MB, maxFiles: 5 },
  /** The staff import workbook: xlsx or xls, 500 KB. */
  staffImport: { kinds: ['xlsx', 'xls'], maxBytes: 500 * KB, maxFiles: 1 },
  /** A sheet of new students' registrations (招生管理): up to 2,000 rows. */
  enrolmentImport: { kinds: ['xlsx'], maxBytes: 2 * MB, maxFiles: 1 },
  /** A policy's insured students by student number (保险理赔), the size of a school's roll. */
  insuredImport: { kinds: ['xlsx'], maxBytes: 2 * MB, maxFiles: 1 },
  /** A class's score sheet (成绩登记) exported and filled in. */
  scoreImport: { kinds: ['xlsx'], maxBytes: 2 * MB, maxFiles: 1 },
  /** A FET file imported into 排课管理 (FET's largest example is 6 MB). */
  fetImport: { kinds: ['fet'], maxBytes: 10 * MB, maxFiles: 1 },
} as const satisfies Record<string, UploadRule>;

export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;

export function isUploadPurpose(value: unknown): value is UploadPurpose {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(UPLOAD_PURPOSES, value);
}

export function uploadRule(purpose: UploadPurpose): UploadRule {
  return UPLOAD_PURPOSES[purpose];
}

/** The most files any purpose allows in one call. */
export const MAX_UPLOAD_FILES = Math.max(...Object.values(UPLOAD_PURPOSES).map((rule: UploadRule) => rule.maxFiles));
/** The largest single upload call any purpose allows (every file at its limit). */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_PURPOSES).map((rule: UploadRule) => rule.maxBytes * rule.maxFiles));
/** Longest stored file name (files.original_name). */
export const MAX_FILE_NAME_LENGTH = 255;

/** The lower-case extension of a file name ('' when it has none). */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The extensions a purpose accepts, e.g. for an <input accept> attribute: '.jpg,.jpeg,.png'. */
export function acceptedExtensions(purpose: UploadPurpose): string[] {
  return uploadRule(purpose).kinds.flatMap((kind) => FILE_KINDS[kind].extensions.map((ext) => `.${ext}`));
}

/** 'JPG/PNG' for messages. */
export function kindLabels(purpose: UploadPurpose): string {
  return uploadRule(purpose).kinds.map((kind) => FILE_KINDS[kind].label).join('/');
}

/** '2 MB', '500 KB' for messages. */
export function formatByteLimit(bytes: number): string {
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes >= KB && bytes % KB === 0) return `${bytes / KB} KB`;
  return `${bytes} B`;
}

/**
 * What the browser can check before sending (empty file, extension, size); the server checks again and
 * also checks the content. Returns a catalogue key with its parameters, or null when the file may go.
 */
export function precheckFile(
  purpose: UploadPurpose,
  file: { name: string; size: number },
): { key: 'files.empty' | 'files.wrongType' | 'files.tooLarge'; params: Record<string, string | number> } | null {
  const rule = uploadRule(purpose);
  if (file.size === 0) return { key: 'files.empty', params: { name: file.name } };
  const extension = fileExtension(file.name);
  if (!rule.kinds.some((kind) => (FILE_KINDS[kind].extensions as readonly string[]).includes(extension))) {
    return { key: 'files.wrongType', params: { name: file.name, types: kindLabels(purpose) } };
  }
  if (file.size > rule.maxBytes) return { key: 'files.tooLarge', params: { name: file.name, limit: formatByteLimit(rule.maxBytes) } };
  return null;
}
