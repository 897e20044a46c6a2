import { FILE_KINDS, fileExtension, type FileKind } from '@campus/contract';

/**
 * Decides a file's kind from its bytes (magic numbers and, for ZIP containers, the entry names), never
 * from the name or the browser's content type: a renamed program or text file is not a picture.
 */

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((value, i) => bytes[offset + i] === value);

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const RAR4 = [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00];
const RAR5 = [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00];
const SEVEN_ZIP = [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c];
const ID3 = [0x49, 0x44, 0x33];

const MAX_ZIP_ENTRIES = 20_000;
/** Boxes looked at on one level of an ISO media file, at most. */
const MAX_ISO_BOXES = 10_000;
/** Handlers of tracks that show pictures; a file with one of them is a video whatever else it holds. */
const VISUAL_HANDLERS = new Set(['vide', 'pict', 'auxv']);

/**
 * Entry names of a ZIP archive: from the central directory (at the end) when it is intact, else by
 * walking the local headers from the start.
 */
export function zipEntryNames(bytes: Buffer): string[] {
  const fromCentral = centralDirectoryNames(bytes);
  return fromCentral ?? localHeaderNames(bytes);
}

function centralDirectoryNames(bytes: Buffer): string[] | null {
  // The end-of-central-directory record is 22 bytes plus a comment of at most 65,535.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) !== 0x06054b50) continue;
    const entries = bytes.readUInt16LE(at + 10);
    let offset = bytes.readUInt32LE(at + 16);
    const names: string[] = [];
    for (let i = 0; i < Math.min(entries, MAX_ZIP_ENTRIES); i++) {
      if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return null;
      const nameLength = bytes.readUInt16LE(offset + 28);
      const extraLength = bytes.readUInt16LE(offset + 30);
      const commentLength = bytes.readUInt16LE(offset + 32);
      if (offset + 46 + nameLength > bytes.length) return null;
      names.push(bytes.toString('utf8', offset + 46, offset + 46 + nameLength));
      offset += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  }
  return null;
}

function localHeaderNames(bytes: Buffer): string[] {
  const names: string[] = [];
  let offset = 0;
  while (names.length < MAX_ZIP_ENTRIES && offset + 30 <= bytes.length && bytes.readUInt32LE(offset) === 0x04034b50) {
    const flags = bytes.readUInt16LE(offset + 6);
    const compressedSize = bytes.readUInt32LE(offset + 18);
    const nameLength = bytes.readUInt16LE(offset + 26);
    const extraLength = bytes.readUInt16LE(offset + 28);
    if (offset + 30 + nameLength > bytes.length) break;
    names.push(bytes.toString('utf8', offset + 30, offset + 30 + nameLength));
    // With a data descriptor (flag bit 3) the size is not known here; the names read so far must do.
    if (flags & 0x08) break;
    offset += 30 + nameLength + extraLength + compressedSize;
  }
  return names;
}

function zipKind(bytes: Buffer): FileKind {
  return zipKindOfNames(zipEntryNames(bytes));
}

/** Office documents are ZIP archives told apart by their entries. */
export function zipKindOfNames(names: readonly string[]): FileKind {
  if (names.includes('[Content_Types].xml')) {
    if (names.some((name) => name.startsWith('word/'))) return 'docx';
    if (names.some((name) => name.startsWith('xl/'))) return 'xlsx';
    if (names.some((name) => name.startsWith('ppt/'))) return 'pptx';
  }
  return 'zip';
}

/** One box of ISO base media: `start` is where its content begins, `end` where the box ends. */
export interface IsoBox {
  type: string;
  start: number;
  end: number;
}

/**
 * The complete boxes lying in bytes[from, to): a box is [size:4][type:4] (size 1: a 64-bit size follows;
 * size 0: up to the end). The walk stops at the first box that is malformed or runs past `to`, so a box
 * cut off by a truncated read is never looked into.
 */
export function isoBoxes(bytes: Buffer, from = 0, to = bytes.length): IsoBox[] {
  const boxes: IsoBox[] = [];
  let at = from;
  while (at + 8 <= to && boxes.length < MAX_ISO_BOXES) {
    let size = bytes.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) break;
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) break;
    boxes.push({ type: bytes.toString('latin1', at + 4, at + 8), start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

/**
 * The handler type of every track of a complete 'moov' box (moov/trak/mdia/hdlr: version and flags,
 * pre_defined, then the four-letter handler type).
 */
export function isoTrackHandlers(bytes: Buffer, moov: IsoBox): string[] {
  const handlers: string[] = [];
  for (const trak of isoBoxes(bytes, moov.start, moov.end).filter((box) => box.type === 'trak')) {
    const mdia = isoBoxes(bytes, trak.start, trak.end).find((box) => box.type === 'mdia');
    const hdlr = mdia && isoBoxes(bytes, mdia.start, mdia.end).find((box) => box.type === 'hdlr');
    if (hdlr && hdlr.start + 12 <= hdlr.end) handlers.push(bytes.toString('latin1', hdlr.start + 8, hdlr.start + 12));
  }
  return handlers;
}

/**
 * True when the bytes hold a complete top-level 'moov' box whose tracks include sound and nothing shown
 * on screen. Browsers' MediaRecorder writes 'isom' as the major brand and no 'M4A ' at all, even for a
 * microphone-only recording; its tracks are what tell it from a video.
 */
export function isSoundOnlyIsoMedia(bytes: Buffer): boolean {
  const moov = isoBoxes(bytes).find((box) => box.type === 'moov');
  if (!moov) return false;
  const handlers = isoTrackHandlers(bytes, moov);
  return handlers.includes('soun') && !handlers.some((handler) => VISUAL_HANDLERS.has(handler));
}

/** ISO base media (MP4 family): 'ftyp' at offset 4, then the major and compatible brands. */
function isoMediaKind(bytes: Buffer, extension: string): FileKind | null {
  if (bytes.length < 12 || bytes.toString('latin1', 4, 8) !== 'ftyp') return null;
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 4096);
  const major = bytes.toString('latin1', 8, 12);
  const brands = [major];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
  if (major === 'M4A ') return 'm4a';
  // Audio-only files with a generic major brand: some encoders list M4A among the other brands, and
  // browser recordings only show it in their tracks. Only a file named .m4a is looked at this way, so a
  // sound-only .mp4 stays the video kind its name claims.
  if (extension === 'm4a' && (brands.includes('M4A ') || isSoundOnlyIsoMedia(bytes))) return 'm4a';
  return 'mp4';
}

/** MPEG audio frame header: 11 sync bits, a version other than "reserved" and a layer (00 would be AAC's ADTS). */
function isMpegAudioFrame(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || (bytes[1] & 0xe0) !== 0xe0) return false;
  const version = (bytes[1] >> 3) & 0x03;
  const layer = (bytes[1] >> 1) & 0x03;
  const bitrate = bytes[2] >> 4;
  const sampleRate = (bytes[2] >> 2) & 0x03;
  return version !== 0x01 && layer !== 0x00 && bitrate !== 0x0f && sampleRate !== 0x03;
}

/**
 * The kind of a file from its content; `name` only tells apart the old Office formats, which share
 * one container (OLE compound file). Null: not a kind the school accepts.
 */
export function detectFileKind(bytes: Buffer, name: string): FileKind | null {
  const extension = fileExtension(name);
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, ZIP_LOCAL) || startsWith(bytes, ZIP_EMPTY)) return zipKind(bytes);
  if (startsWith(bytes, OLE)) return extension === 'doc' || extension === 'xls' || extension === 'ppt' ? extension : null;
  if (startsWith(bytes, RAR4) || startsWith(bytes, RAR5)) return 'rar';
  if (startsWith(bytes, SEVEN_ZIP)) return '7z';
  const media = isoMediaKind(bytes, extension);
  if (media) return media;
  if (startsWith(bytes, ID3) || isMpegAudioFrame(bytes)) return 'mp3';
  if (extension === 'fet' && isFetDocument(bytes)) return 'fet';
  return null;
}

/**
 * A FET data file: XML text (UTF-8, perhaps with a byte-order mark) whose root element is <fet>. Only the
 * head is looked at; the importer parses the whole document and refuses what it cannot read.
 */
function isFetDocument(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (!head.startsWith('<')) return false;
  // The prolog (declaration, comments, doctype) may come first; the first element must be <fet>.
  const withoutProlog = head.replace(/^(<\?[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>|\s+)*/i, '');
  return /^<fet[\s>]/i.test(withoutProlog);
}

/** True when the name's extension is one of the kind's extensions (a .png named .jpg is refused). */
export function extensionMatches(kind: FileKind, name: string): boolean {
  return (FILE_KINDS[kind].extensions as readonly string[]).includes(fileExtension(name));
}
