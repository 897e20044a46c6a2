import {
  FILE_KINDS,
  MAX_FILE_NAME_LENGTH,
  MAX_UPLOAD_FILES,
  ResultCode,
  UPLOAD_PURPOSES,
  formatByteLimit,
  isUploadPurpose,
  kindLabels,
  type FileKind,
  type MessageKey,
  type UploadPurpose,
} from '@campus/contract';
import Busboy from '@fastify/busboy';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { queryRows, textArray, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { fileChunks, files } from '../../../db/schema/index.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { isAdministrator, visibleStaff, visibleStudents } from '../../../platform/scope.ts';
import { detectFileKind, extensionMatches, isSoundOnlyIsoMedia, zipEntryNames, zipKindOfNames } from './detect.ts';

/**
 * The upload service every area uses: files arrive through POST /api/files/upload (one purpose per
 * call, its limits from contract/src/shared/files.ts), are checked by content, and are stored in the `files`
 * table in one transaction. An area then refers to the returned ids in its own rows, after checking
 * them with `ownedFiles` inside its write's transaction.
 */

/** A file received from the client and written to the request's temporary folder. */
export interface ReceivedFile {
  name: string;
  size: number;
  sha256: string;
  path: string;
}

export interface StoredFile {
  id: string;
  name: string;
  size: number;
  mimeType: string;
  purpose: string;
}

/** Stored pieces of a file's bytes (file_chunks), and what one statement writes or reads at most. */
const CHUNK_BYTES = 1024 * 1024;

/** Ids are 24 random bytes in base64url (32 characters): not guessable, not enumerable. */
export const FILE_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
const newFileId = () => randomBytes(24).toString('base64url');

const tooMany = (purpose: UploadPurpose) => badRequest('files.tooMany', { count: UPLOAD_PURPOSES[purpose].maxFiles });
const tooLarge = (purpose: UploadPurpose, name: string) =>
  new AppError('files.tooLarge', 413, ResultCode.payloadTooLarge, { name, limit: formatByteLimit(UPLOAD_PURPOSES[purpose].maxBytes) });
const wrongType = (purpose: UploadPurpose, name: string) => badRequest('files.wrongType', { name, types: kindLabels(purpose) });

/** Control characters never belong in a name that is shown and sent back in a header. */
function cleanName(raw: string | undefined): string {
  return Array.from(raw ?? '')
    .filter((char) => char.charCodeAt(0) > 0x1f && char !== '\u007f')
    .join('')
    .trim();
}

/**
 * Reads a multipart body: the field `purpose` (or `?purpose=`) must come before the files, so each file
 * is measured against its purpose's limit while it streams and an oversize file is refused as soon as
 * it passes the limit, before the rest is read. Files go to `dir` (one folder per request, removed by
 * the caller), so a request holds at most one file in memory later, and no process keeps anything.
 */
export function receiveUpload(payload: Readable, contentType: string, queryPurpose: string | undefined, dir: string): Promise<{ purpose: UploadPurpose; files: ReceivedFile[] }> {
  return new Promise((resolve, reject) => {
    let purpose: UploadPurpose | null = null;
    if (queryPurpose !== undefined && queryPurpose !== '') {
      if (!isUploadPurpose(queryPurpose)) return reject(badRequest('files.purposeRequired'));
      purpose = queryPurpose;
    }
    const received: ReceivedFile[] = [];
    const writes: Promise<void>[] = [];
    let settled = false;
    let parser: ReturnType<typeof Busboy>;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      payload.unpipe(parser);
      reject(error instanceof AppError ? error : badRequest('files.uploadFailed'));
    };
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        limits: { fieldNameSize: 100, fieldSize: 1000, fields: 10, files: MAX_UPLOAD_FILES + 1, parts: MAX_UPLOAD_FILES + 11, headerPairs: 100 },
      });
    } catch {
      // No boundary, or not multipart at all.
      return reject(badRequest('files.uploadFailed'));
    }

    parser.on('field', (name: string, value: string) => {
      if (name !== 'purpose' || settled) return;
      if (!isUploadPurpose(value) || (purpose !== null && purpose !== value)) return fail(badRequest('files.purposeRequired'));
      purpose = value;
    });

    parser.on('file', (_field: string, stream: Readable, filename: string | undefined) => {
      const name = cleanName(filename);
      // A browser sends an untouched file input as a part with an empty name: nothing was chosen.
      if (settled || name === '') return void stream.resume();
      if (purpose === null) {
        stream.resume();
        return fail(badRequest('files.purposeRequired'));
      }
      const current = purpose;
      const rule = UPLOAD_PURPOSES[current];
      if (received.length >= rule.maxFiles) {
        stream.resume();
        return fail(tooMany(current));
      }
      if (name.length > MAX_FILE_NAME_LENGTH) {
        stream.resume();
        return fail(badRequest('files.nameTooLong'));
      }
      const file: ReceivedFile = { name, size: 0, sha256: '', path: path.join(dir, String(received.length)) };
      received.push(file);
      const hash = createHash('sha256');
      const limiter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          file.size += chunk.length;
          if (file.size > rule.maxBytes) return callback(tooLarge(current, name));
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      writes.push(
        pipeline(stream, limiter, createWriteStream(file.path)).then(
          () => {
            file.sha256 = hash.digest('hex');
          },
          (error: unknown) => fail(error),
        ),
      );
    });

    parser.on('filesLimit', () => fail(purpose ? tooMany(purpose) : badRequest('files.uploadFailed')));
    parser.on('partsLimit', () => fail(badRequest('files.uploadFailed')));
    parser.on('fieldsLimit', () => fail(badRequest('files.uploadFailed')));
    parser.on('error', fail);
    payload.on('error', fail);
    // A client that goes away mid-upload: busboy would wait for the rest forever.
    payload.on('close', () => {
      if (!payload.readableEnded) fail(badRequest('files.uploadFailed'));
    });
    parser.on('finish', () => {
      void Promise.all(writes).then(() => {
        if (settled) return;
        if (purpose === null) return fail(badRequest('files.purposeRequired'));
        if (received.length === 0) return fail(badRequest('files.noFile'));
        settled = true;
        resolve({ purpose, files: received });
      });
    });
    payload.pipe(parser);
  });
}

/** Files up to this size are read whole for detection; larger ones by their head (and a ZIP's directory). */
const WHOLE_SAMPLE_BYTES = 4 * 1024 * 1024;
const HEAD_BYTES = 64 * 1024;
/** A ZIP's central directory read for detection, at most (office documents list a few hundred entries). */
const MAX_ZIP_DIRECTORY_BYTES = 4 * 1024 * 1024;
/** An ISO media file's track list ('moov') read for detection, at most; ten minutes of audio need far less. */
const MAX_MOOV_BYTES = 4 * 1024 * 1024;
/** Top-level boxes of an ISO media file walked to find its 'moov', at most. */
const MAX_TOP_LEVEL_BOXES = 10_000;

async function readAt(handle: Awaited<ReturnType<typeof open>>, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(Math.max(0, length));
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * The top-level 'moov' box of an ISO media file, found by reading box headers only; null when the boxes
 * do not add up or the box is larger than detection reads.
 */
async function readIsoMoov(handle: Awaited<ReturnType<typeof open>>, size: number): Promise<Buffer | null> {
  let at = 0;
  for (let boxes = 0; boxes < MAX_TOP_LEVEL_BOXES && at + 8 <= size; boxes++) {
    const header = await readAt(handle, at, 16);
    let boxSize = header.readUInt32BE(0);
    let headerSize = 8;
    if (boxSize === 1) {
      if (header.length < 16) return null;
      boxSize = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (boxSize === 0) {
      boxSize = size - at;
    }
    if (boxSize < headerSize || at + boxSize > size) return null;
    if (header.toString('latin1', 4, 8) === 'moov') return boxSize <= MAX_MOOV_BYTES ? readAt(handle, at, boxSize) : null;
    at += boxSize;
  }
  return null;
}

/**
 * The kind of a received file by its content, reading a bounded part of it: small files whole, large
 * ones by their first 64 KiB, a large ZIP also by its central directory (found from the end record) and a
 * large .m4a also by its track list, so a 150 MB video or archive is never read into memory to be checked.
 */
export async function detectStoredKind(file: Pick<ReceivedFile, 'path' | 'size' | 'name'>): Promise<FileKind | null> {
  const handle = await open(file.path, 'r');
  try {
    if (file.size <= WHOLE_SAMPLE_BYTES) return detectFileKind(await readAt(handle, 0, file.size), file.name);
    const kind = detectFileKind(await readAt(handle, 0, HEAD_BYTES), file.name);
    // A large .m4a written in one pass keeps its track list at the end, out of the head's reach.
    if (kind === 'mp4' && extensionMatches('m4a', file.name)) {
      const moov = await readIsoMoov(handle, file.size);
      return moov && isSoundOnlyIsoMedia(moov) ? 'm4a' : 'mp4';
    }
    if (kind !== 'zip') return kind;
    // The end record is 22 bytes plus a comment of at most 65,535; rebuild [directory][end record] with the
    // directory's offset set to 0, which the same reader of entry names understands.
    const tailStart = Math.max(0, file.size - 22 - 0xffff);
    const tail = await readAt(handle, tailStart, file.size - tailStart);
    for (let at = tail.length - 22; at >= 0; at--) {
      if (tail.readUInt32LE(at) !== 0x06054b50) continue;
      const directorySize = tail.readUInt32LE(at + 12);
      const directoryOffset = tail.readUInt32LE(at + 16);
      if (directorySize > MAX_ZIP_DIRECTORY_BYTES || directoryOffset + directorySize > file.size) return 'zip';
      const directory = await readAt(handle, directoryOffset, directorySize);
      const end = Buffer.from(tail.subarray(at, at + 22));
      end.writeUInt32LE(0, 16);
      return zipKindOfNames(zipEntryNames(Buffer.concat([directory, end])));
    }
    return 'zip';
  } finally {
    await handle.close();
  }
}

/**
 * Writes a received file's bytes into `file_chunks`, a megabyte per statement, reading the temporary file
 * as a stream: the process holds one piece at a time, whatever the file's size and on either database.
 */
async function storeContent(tx: Tx, fileId: string, path: string): Promise<void> {
  let startByte = 0;
  for await (const piece of createReadStream(path, { highWaterMark: CHUNK_BYTES })) {
    const data = piece as Buffer;
    await tx.insert(fileChunks).values({ fileId, startByte, data });
    startByte += data.length;
  }
}

/**
 * Stores a file the server made (a class's reports as one PDF) for its owner, inside the caller's
 * transaction. Its purpose is not an upload purpose, so nobody can upload under it; the owner (and
 * administrators) read it through the usual download.
 */
export async function storeGeneratedFile(tx: Tx, ownerUserId: number, purpose: string, name: string, mimeType: string, bytes: Buffer): Promise<string> {
  const id = newFileId();
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await tx.insert(files).values({ id, ownerUserId, purpose, originalName: name, mimeType, size: bytes.length, sha256 });
  for (let startByte = 0; startByte < bytes.length; startByte += CHUNK_BYTES) {
    await tx.insert(fileChunks).values({ fileId: id, startByte, data: bytes.subarray(startByte, startByte + CHUNK_BYTES) });
  }
  return id;
}

/**
 * Checks every received file (not empty, kind by content allowed for the purpose, extension agreeing
 * with the kind) and only then stores them all in one transaction: one refused file stores nothing.
 */
export async function storeUpload(db: Db, owner: AuthContext, purpose: UploadPurpose, received: ReceivedFile[]): Promise<StoredFile[]> {
  const rule = UPLOAD_PURPOSES[purpose];
  if (received.length > rule.maxFiles) throw tooMany(purpose);
  const checked: { file: ReceivedFile; kind: FileKind }[] = [];
  for (const file of received) {
    if (file.size === 0) throw badRequest('files.empty');
    if (file.size > rule.maxBytes) throw tooLarge(purpose, file.name);
    const kind = await detectStoredKind(file);
    if (!kind || !(rule.kinds as readonly FileKind[]).includes(kind) || !extensionMatches(kind, file.name)) throw wrongType(purpose, file.name);
    checked.push({ file, kind });
  }
  return db.transaction(async (tx) => {
    const stored: StoredFile[] = [];
    for (const { file, kind } of checked) {
      const row = { id: newFileId(), name: file.name, size: file.size, mimeType: FILE_KINDS[kind].mimeType, purpose };
      await tx.insert(files).values({
        id: row.id,
        ownerUserId: owner.userId,
        purpose,
        originalName: file.name,
        mimeType: row.mimeType,
        size: file.size,
        sha256: file.sha256,
      });
      await storeContent(tx, row.id, file.path);
      stored.push(row);
    }
    return stored;
  });
}

/**
 * Who else may read a file of a purpose, as a SQL condition on the file's id. The owner and
 * administrators always may. Areas whose files are shown to others (notice attachments to their
 * recipients, ...) add their rule once at start-up with `registerFileReadRule`.
 */
export type FileReadRule = (auth: AuthContext, permissions: Set<string>, fileId: SQL) => SQL;

const readRules = new Map<string, FileReadRule[]>([
  // Staff see every colleague's photo; students and parents those of the staff who teach them.
  ['staffPhoto', [(auth, _permissions, fileId) => sql`EXISTS (SELECT 1 FROM staff st WHERE st.photo_file_id = ${fileId} AND ${visibleStaff(auth, sql`st.id`)})`]],
  [
    'studentPhoto',
    [(auth, _permissions, fileId) => sql`EXISTS (SELECT 1 FROM students s WHERE s.photo_file_id = ${fileId} AND ${visibleStudents(auth, sql`s.id`)})`],
  ],
]);

/**
 * Adds a rule for files of a purpose; several areas may share a purpose (pictures of notices, events and
 * awards), and a file is readable when any of its purpose's rules lets the caller read it. Called once per
 * area at module load.
 */
export function registerFileReadRule(purpose: string, rule: FileReadRule): void {
  readRules.set(purpose, [...(readRules.get(purpose) ?? []), rule]);
}

/**
 * Whether a file is still referred to, as a SQL condition on its id; a file in use is not deleted.
 * Areas that keep file ids in their rows add theirs with `registerFileReference`.
 */
const references: ((fileId: SQL) => SQL)[] = [
  (fileId) => sql`EXISTS (SELECT 1 FROM staff st WHERE st.photo_file_id = ${fileId})`,
  (fileId) => sql`EXISTS (SELECT 1 FROM students s WHERE s.photo_file_id = ${fileId})`,
];

export function registerFileReference(condition: (fileId: SQL) => SQL): void {
  references.push(condition);
}

export interface FileMeta {
  id: string;
  purpose: string;
  name: string;
  mimeType: string;
  size: number;
  sha256: string;
}

/** The file if the caller may read it; null when it does not exist or they may not (the caller cannot tell which). */
export async function findReadableFile(db: DbOrTx, auth: AuthContext, permissions: Set<string>, id: string): Promise<FileMeta | null> {
  if (!FILE_ID_PATTERN.test(id)) return null;
  const [file] = await db
    .select({ id: files.id, purpose: files.purpose, name: files.originalName, mimeType: files.mimeType, size: files.size, sha256: files.sha256, ownerUserId: files.ownerUserId })
    .from(files)
    .where(eq(files.id, id));
  if (!file) return null;
  const { ownerUserId, ...meta } = file;
  if (ownerUserId === auth.userId || isAdministrator(auth)) return meta;
  const rules = readRules.get(file.purpose);
  if (!rules?.length) return null;
  const conditions = rules.map((rule) => rule(auth, permissions, sql`${id}`));
  const [row] = await queryRows<{ ok: boolean }>(db, sql`SELECT (${sql.join(conditions, sql` OR `)}) AS ok`);
  return row?.ok === true ? meta : null;
}

const asBuffer = (value: Buffer | Uint8Array): Buffer => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength));

/**
 * The bytes from `start` to `end` (inclusive) as a stream, read a stored piece at a time (pieces of at
 * most a megabyte, see `file_chunks`), so a 150 MB video is never held whole in memory.
 */
export function fileContentStream(db: DbOrTx, id: string, start: number, end: number): Readable {
  async function* pieces() {
    let position = start;
    while (position <= end) {
      const [row] = await queryRows<{ startByte: string | number; part: Buffer | Uint8Array }>(db, sql`
        SELECT start_byte AS "startByte",
               substring(data FROM (${position} - start_byte + 1)::int FOR (${end - position + 1})::int) AS part
        FROM file_chunks
        WHERE file_id = ${id} AND start_byte <= ${position}
        ORDER BY start_byte DESC LIMIT 1`);
      // Deleted while being sent: end the stream with an error, so the client sees a broken transfer.
      if (!row || row.part.length === 0) throw new Error('file deleted during download');
      const part = asBuffer(row.part);
      yield part;
      position += part.length;
    }
  }
  return Readable.from(pieces(), { objectMode: false });
}

/** A small file's whole content (a photo shown inline), read piece by piece. */
export async function readWholeFile(db: DbOrTx, id: string): Promise<Buffer> {
  const rows = await queryRows<{ data: Buffer | Uint8Array }>(db, sql`SELECT data FROM file_chunks WHERE file_id = ${id} ORDER BY start_byte`);
  return Buffer.concat(rows.map((row) => asBuffer(row.data)));
}

/** Deletes the caller's own file, unless something still refers to it. */
export async function deleteOwnFile(db: Db, auth: AuthContext, id: string): Promise<void> {
  if (!FILE_ID_PATTERN.test(id)) throw notFound();
  await db.transaction(async (tx) => {
    const [file] = await tx.select({ ownerUserId: files.ownerUserId }).from(files).where(eq(files.id, id)).for('update');
    if (!file) throw notFound();
    if (file.ownerUserId !== auth.userId) throw forbidden('files.notYours');
    const inUse = references.map((reference) => reference(sql`${id}`));
    const [row] = await queryRows<{ used: boolean }>(tx, sql`SELECT (${sql.join(inUse, sql` OR `)}) AS used`);
    if (row?.used) throw conflict('files.deleteFailed');
    await tx.delete(files).where(eq(files.id, id));
  });
}

/**
 * For other areas, inside their write's transaction: the caller's own files among `ids` (optionally of
 * the given purposes), locked against deletion until the transaction ends. Any id that is not the
 * caller's (or of another purpose) refuses the whole write.
 */
export async function ownedFiles(tx: Tx, auth: AuthContext, ids: readonly string[], purposes?: readonly UploadPurpose[]): Promise<StoredFile[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  if (unique.some((id) => !FILE_ID_PATTERN.test(id))) throw forbidden();
  const conditions = [inArray(files.id, unique), eq(files.ownerUserId, auth.userId)];
  if (purposes) conditions.push(inArray(files.purpose, [...purposes]));
  const rows = await tx
    .select({ id: files.id, name: files.originalName, size: files.size, mimeType: files.mimeType, purpose: files.purpose })
    .from(files)
    .where(and(...conditions))
    .for('share');
  if (rows.length !== unique.length) throw forbidden();
  return rows;
}

/**
 * The files a write attaches, by group: each the caller's own upload of its group's purpose (ownedFiles),
 * the ids once each per group. A file that is not refuses the write with `invalidKey` (400, in the caller's
 * language) instead of ownedFiles' bare 403: the user sees which kind of thing to upload again.
 */
export async function attachedFileGroups<G extends string>(
  tx: Tx,
  auth: AuthContext,
  purposes: Readonly<Record<G, UploadPurpose>>,
  input: NoInfer<Readonly<Record<G, readonly string[]>>>,
  invalidKey: MessageKey,
): Promise<Record<G, string[]>> {
  const result = {} as Record<G, string[]>;
  for (const group of Object.keys(purposes) as G[]) {
    const ids = [...new Set(input[group])];
    try {
      await ownedFiles(tx, auth, ids, [purposes[group]]);
    } catch (error) {
      if (error instanceof AppError && error.httpStatus === 403) throw badRequest(invalidKey);
      throw error;
    }
    result[group] = ids;
  }
  return result;
}

/** A stored file as the screens list it beside an item. */
export interface FileInfo {
  id: string;
  name: string;
  size: number;
  mimeType: string;
}

export async function fileInfos(db: DbOrTx, ids: readonly string[]): Promise<FileInfo[]> {
  if (ids.length === 0) return [];
  return queryRows(db, sql`
    SELECT f.id, f.original_name AS name, f.size::int AS size, f.mime_type AS "mimeType" FROM files f WHERE f.id = ANY(${textArray(ids)})`);
}

/** The files an item keeps by group (`stored`: ids per group), in the order kept; a file gone since is left out. */
export async function fileGroupsOf<G extends string>(db: DbOrTx, groups: readonly G[], stored: Readonly<Record<string, readonly string[]>> | null): Promise<Record<G, FileInfo[]>> {
  const infos = new Map((await fileInfos(db, groups.flatMap((group) => stored?.[group] ?? []))).map((file) => [file.id, file]));
  const result = {} as Record<G, FileInfo[]>;
  for (const group of groups) result[group] = (stored?.[group] ?? []).flatMap((id) => (infos.has(id) ? [infos.get(id)!] : []));
  return result;
}
