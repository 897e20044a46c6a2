import type { Language } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/envelope.ts';
import { dictionaryItems, localName, parseTableNames, type DictionaryItem } from './service.ts';
import { dictionaryAdminRoutes } from '../../system/dictionaries/routes.ts';
import { roleTypeRoutes } from '../../system/dictionaries/roleTypes.ts';

/** typeArr: a JSON array string or a comma-separated list of STD_ table names (an array in a JSON body). */
const dictsBody = z.object({
  typeArr: z
    .union([z.string().max(4000, 'validation.tooLong'), z.array(z.string().max(40, 'dicts.badTableName')).max(50, 'dicts.tooManyTables')], {
      error: 'dicts.typeArrRequired',
    })
    .optional(),
}).prefault({});

/** The wire edge of both calls: a domain item becomes the /dicts option or the /dict/2.0/dicts entry. */
const toWire = {
  option: (item: DictionaryItem, language: Language) => ({ code: item.code, name: localName(item, language), sort: item.sort, parentCode: item.parentCode }),
  entry: (item: DictionaryItem) => ({
    code: item.code,
    name: item.name,
    sort: item.sort,
    parentCode: item.parentCode,
    lev: item.level,
    alias: item.alias,
    shortName: item.shortName,
    nameEn: item.nameEn,
    tag1: item.tags[0],
    tag2: item.tags[1],
    tag3: item.tags[2],
    tag4: item.tags[3],
    tag5: item.tags[4],
    /** 1 enabled, 0 disabled. */
    state: item.enabled ? 1 : 0,
    /** 1 published (only published items are answered). */
    publishStatus: item.published ? 1 : 0,
    source: item.source,
    startDate: item.startDate,
    endDate: item.endDate,
    remarks: item.remark,
  }),
};

function mapTables<T>(tables: Record<string, DictionaryItem[]>, map: (item: DictionaryItem) => T): Record<string, T[]> {
  return Object.fromEntries(Object.entries(tables).map(([name, items]) => [name, items.map(map)]));
}

export async function dictionaryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;

  app.post(
    '/dicts',
    {
      config: { access: 'authenticated', readOnly: true },
      schema: { tags: ['dictionaries'], summary: 'Options of published dictionaries: { [table]: [{ code, name, sort, parentCode }] }', body: dictsBody },
    },
    async (request) => {
      const names = parseTableNames(request.body.typeArr);
      const tables = await dictionaryItems(database.db, names, { enabledOnly: true });
      return ok(mapTables(tables, (item) => toWire.option(item, request.language)));
    },
  );

  app.post(
    '/dict/2.0/dicts',
    {
      config: { access: 'authenticated', readOnly: true },
      schema: { tags: ['dictionaries'], summary: 'Published dictionaries with every item field, enabled or not (state)', body: dictsBody },
    },
    async (request) => {
      const names = parseTableNames(request.body.typeArr);
      const tables = await dictionaryItems(database.db, names, { enabledOnly: false });
      return ok(mapTables(tables, toWire.entry));
    },
  );

  // The administration screens of the same data (/xtgl/zdgl, /xtgl/jslx).
  await fastify.register(dictionaryAdminRoutes);
  await fastify.register(roleTypeRoutes);
}
