import { pagedQuerySchema, STUDENT_SORT_FIELDS, studentSearchSchema, type MessageKey, type StudentSortField } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { basicInfo, classList, photo, studentList, type StudentBasicInfo } from './service.ts';

const tabDataBody = z.object({
  zh: z.string({ error: 'students.accountRequired' }).trim().min(1, 'students.accountRequired').max(64, 'validation.tooLong'),
});
const photoQuery = z.object({
  xh: z.string({ error: 'students.numberRequired' }).trim().min(1, 'students.numberRequired').max(30, 'validation.tooLong'),
  /** The legacy client always asks for type 2; one photo is kept per student, so no other type exists. */
  type: z.literal('2', { error: 'students.photoTypeInvalid' }).optional(),
});

/** Where the browser fetches a student's photo (the call below), built from the student number. */
export const studentPhotoUrl = (studentNumber: string) => `/xspic/downloadXsPic?xh=${encodeURIComponent(studentNumber)}&type=2`;

/** The wire edge of the student calls: the legacy names (XH, ZH, XBMC, ...) are produced here only. */
const wire = {
  basicInfo: (s: StudentBasicInfo) => ({
    XH: s.studentNumber,
    ZH: s.account,
    XM: s.name,
    BH: s.classCode ?? '',
    XBMC: s.genderName,
    NL: s.age ?? '',
    XZBMC: s.className ?? '',
    BZRMC: s.classTeacherName ?? '',
    BZRZGH: s.classTeacherNumber ?? '',
    IMG: s.hasPhoto ? studentPhotoUrl(s.studentNumber) : '',
    ZXZT: s.inSchoolStatusName,
    XJZT: s.enrolmentStatusName,
    NF: s.entryYear,
  }),
};

export async function studentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;

  app.post(
    '/xsjbxxtab/getTabData',
    {
      config: { access: 'authenticated', readOnly: true },
      schema: { tags: ['students'], summary: "A student's basic information (own, own child's, taught classes', or any for administrators)", body: tabDataBody },
    },
    async (request) => {
      const info = await basicInfo(database.db, request.auth!, request.body.zh, request.language);
      return ok({ dataTab1: [wire.basicInfo(info)] });
    },
  );

  app.get(
    '/xspic/downloadXsPic',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['students'], summary: "A student's photo (bytes with their stored image type); 404 envelope when there is none", querystring: photoQuery },
    },
    async (request, reply) => {
      const image = await photo(database.db, request.auth!, request.query.xh);
      // A personal photo: never cached by shared caches, never sniffed into anything but an image. Sent as
      // a stream so that request encryption passes the bytes through instead of sealing them as text.
      return reply
        .type(image.mimeType)
        .header('content-length', image.content.length)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(Readable.from([image.content]));
    },
  );

  app.post(
    '/api/students/page',
    {
      // Any signed-in user: the data scope in the query decides which rows they get (see service.ts).
      config: { access: 'authenticated', readOnly: true },
      schema: { tags: ['students'], summary: 'Students the caller may see, paged (generic paged-table call)', body: pagedQuerySchema },
    },
    async (request) => {
      const query = request.body;
      const search = studentSearchSchema.safeParse(query.search);
      if (!search.success) {
        // A value too long says so; any other shape (a number, an array...) is a malformed search.
        const tooLong = search.error.issues.some((issue) => issue.message === 'validation.tooLong');
        throw badRequest((tooLong ? 'validation.tooLong' : 'paging.badSearch') satisfies MessageKey);
      }
      const sortField = query.sortField || undefined;
      if (sortField !== undefined && !(STUDENT_SORT_FIELDS as readonly string[]).includes(sortField)) throw badRequest('paging.badSortField');
      const result = await studentList(
        database.db,
        request.auth!,
        search.data,
        { offset: query.currPage * query.limit, limit: query.limit, sortField: sortField as StudentSortField | undefined, order: query.order === 'desc' ? 'desc' : 'asc' },
        request.language,
      );
      return ok(result);
    },
  );

  app.post(
    '/api/classes/list',
    {
      config: { access: 'authenticated', readOnly: true },
      schema: { tags: ['students'], summary: 'Classes the caller may see (staff every class, students and parents their own), for drop-downs' },
    },
    async (request) => ok(await classList(database.db, request.auth!, request.language)),
  );
}
