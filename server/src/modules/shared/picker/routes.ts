import type { MessageKey } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import type { PeopleFilter } from './queries.ts';
import {
  areaCodePath, areaOptions, dictionaryPairs, organisationTree, peopleByAccounts, roleGroups, searchPeople, ROLE_TYPE_DICTIONARY, STAFF_TYPE_DICTIONARY,
  type AreaOption, type OrgNode, type Person, type RoleGroup,
} from './service.ts';

export const MAX_PEOPLE_PAGE_SIZE = 50;
export const MAX_IDS_PER_LOOKUP = 500;
const MAX_ACCOUNT_LENGTH = 64;

/** size: 5 (dialog) or 10 (table) in the picker, 1..50 accepted; page: zero-based. */
const peopleBody = z.object({
  size: z.coerce.number({ error: 'components.badPageSize' }).int('components.badPageSize').min(1, 'components.badPageSize').max(MAX_PEOPLE_PAGE_SIZE, 'components.badPageSize').default(10),
  page: z.coerce.number({ error: 'errors.badRequest' }).int('errors.badRequest').min(0, 'errors.badRequest').max(1_000_000, 'errors.badRequest').default(0),
  /** A JSON string { USERTYPE, KEYWORD, XQDM, DWDM, XNXQ } (an object in a JSON body). */
  search: z.union([z.string().max(2000, 'validation.tooLong'), z.record(z.string(), z.unknown())], { error: 'paging.badSearch' }).optional(),
}).prefault({});

/** A search field: text or number, null and '' meaning "no filter". */
const searchText = (max: number, pattern?: RegExp) =>
  z
    .union([z.string(), z.number(), z.null()], { error: 'paging.badSearch' })
    .optional()
    .transform((value) => (value === null || value === undefined ? undefined : String(value).trim() || undefined))
    .refine((value) => value === undefined || value.length <= max, 'validation.tooLong')
    .refine((value) => value === undefined || !pattern || pattern.test(value), 'paging.badSearch');

const peopleSearch = z
  .object({
    /** One user type or several, comma-separated (1 administrator, 2 student, 3 teacher, 4 parent, other values: other). */
    USERTYPE: searchText(40, /^\d{1,2}(,\d{1,2})*$/),
    KEYWORD: searchText(64),
    XQDM: searchText(50),
    DWDM: searchText(50),
    XNXQ: searchText(20),
  })
  .strip();

const idsBody = z.object({
  /** A JSON array string or a comma-separated list of accounts (an array in a JSON body). */
  ids: z.union([z.string().max(MAX_IDS_PER_LOOKUP * (MAX_ACCOUNT_LENGTH + 4), 'validation.tooLong'), z.array(z.union([z.string(), z.number()]))], { error: 'components.badIds' }).optional(),
}).prefault({});

const rolesBody = z.object({
  roleType: z.enum(['ordinary', 'dynamic', ''], { error: 'components.badRoleType' }).optional(),
}).prefault({});

const areaCode = z.string({ error: 'components.badAreaCode' }).trim().max(12, 'validation.tooLong').regex(/^[0-9A-Za-z]*$/, 'components.badAreaCode');
const areaDataBody = z.object({
  levNum: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: 'components.badAreaLevel' }).int('components.badAreaLevel').min(1, 'components.badAreaLevel').max(5, 'components.badAreaLevel').default(1),
  ),
  parentCode: areaCode.optional(),
}).prefault({});
// A missing code reads as '' so it is refused as missing, not as malformed.
const areaListBody = z.object({ code: z.string({ error: 'components.areaCodeRequired' }).pipe(areaCode.min(1, 'components.areaCodeRequired')) }).prefault({ code: '' });

function refusal(issue: z.core.$ZodIssue | undefined, fallback: MessageKey): MessageKey {
  return issue?.message === 'validation.tooLong' ? 'validation.tooLong' : fallback;
}

/** The wire edge: every spec name of these calls is mapped here, and nowhere else. */
const wire = {
  peopleFilter(search: z.infer<typeof peopleSearch>): PeopleFilter {
    return {
      keyword: search.KEYWORD,
      userTypes: search.USERTYPE?.split(',').map(Number),
      campusCode: search.XQDM,
      unitCode: search.DWDM,
      termCode: search.XNXQ,
    };
  },
  person: (person: Person) => ({ USERID: person.account, USERNAME: person.name, USERTYPE: person.userType, XQMC: person.campusName ?? '', DWMC: person.unitName ?? '' }),
  personName: (person: { account: string; name: string }) => ({ USERID: person.account, USERNAME: person.name }),
  org(node: OrgNode): { id: string; label: string; kind: string; children?: unknown[] } {
    return { id: node.code, label: node.name, kind: node.kind, ...(node.children.length ? { children: node.children.map(wire.org) } : {}) };
  },
  roleGroup: (group: RoleGroup) => ({ CODE: group.type, NAME: group.typeName, CHILD: group.roles.map((role) => ({ id: role.code, label: role.name })) }),
  codeName: (pair: { code: string; name: string }) => ({ CODE: pair.code, NAME: pair.name }),
  area: (area: AreaOption) => ({ CODE: area.code, NAME: area.name, CHILD: area.hasChildren ? 1 : 0, LEVNUM: area.level }),
};

/** The search JSON: a malformed or wrongly typed value is refused, never ignored. */
function parsePeopleSearch(raw: string | Record<string, unknown> | undefined): PeopleFilter {
  let value: unknown = raw ?? {};
  if (typeof raw === 'string') {
    if (raw.trim() === '') value = {};
    else {
      try {
        value = JSON.parse(raw);
      } catch {
        throw badRequest('paging.badSearch');
      }
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest('paging.badSearch');
  const parsed = peopleSearch.safeParse(value);
  if (!parsed.success) throw badRequest(refusal(parsed.error.issues[0], 'paging.badSearch'));
  return wire.peopleFilter(parsed.data);
}

/** ids: a JSON array or a comma-separated list; trimmed, de-duplicated, in the given order. */
function parseAccounts(raw: string | (string | number)[] | undefined): string[] {
  let list: unknown[];
  if (raw === undefined) list = [];
  else if (Array.isArray(raw)) list = raw;
  else if (raw.trim().startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw badRequest('components.badIds');
    }
    if (!Array.isArray(parsed)) throw badRequest('components.badIds');
    list = parsed;
  } else list = raw.split(',');
  const accounts: string[] = [];
  const seen = new Set<string>();
  for (const item of list) {
    if (typeof item !== 'string' && typeof item !== 'number') throw badRequest('components.badIds');
    const account = String(item).trim();
    if (account === '' || seen.has(account)) continue;
    if (account.length > MAX_ACCOUNT_LENGTH) throw badRequest('validation.tooLong');
    seen.add(account);
    accounts.push(account);
  }
  if (accounts.length > MAX_IDS_PER_LOOKUP) throw badRequest('components.tooManyIds', { n: MAX_IDS_PER_LOOKUP });
  return accounts;
}

export async function componentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  // Every logged-in user may call these: the picker and the drop-downs are on every screen. They
  // answer names and codes only (no password, contact or identity fields).
  const config = { access: 'authenticated', readOnly: true } as const;

  app.post(
    '/components/getUserAllData',
    { config, schema: { tags: ['components'], summary: 'People picker list: { total, more, rows: [{ USERID, USERNAME, USERTYPE, XQMC, DWMC }] }; a keyword stops counting at 1,000 matches (more: true)', body: peopleBody } },
    async (request) => {
      const filter = parsePeopleSearch(request.body.search);
      const result = await searchPeople(database.db, filter, { index: request.body.page, size: request.body.size }, request.language, request.auth!.peopleVersion);
      // `more` (true when the keyword matches more people than the total counts) is an addition to the legacy shape.
      return ok({ total: result.total, more: result.more, rows: result.rows.map(wire.person) });
    },
  );

  app.post(
    '/components/getUserData',
    { config, schema: { tags: ['components'], summary: 'Names of people by account: [{ USERID, USERNAME }] in the given order', body: idsBody } },
    async (request) => ok((await peopleByAccounts(database.db, parseAccounts(request.body.ids))).map(wire.personName)),
  );

  app.post(
    '/components/getOrgsData',
    { config, schema: { tags: ['components'], summary: 'Organisation tree: [{ id, label, kind, children? }]' } },
    async (request) => ok((await organisationTree(database.db, request.language)).map(wire.org)),
  );

  app.post(
    '/components/getRoles',
    { config, schema: { tags: ['components'], summary: 'Enabled roles by type: [{ CODE, NAME, CHILD: [{ id, label }] }]', body: rolesBody } },
    async (request) => ok((await roleGroups(database.db, request.body.roleType || undefined, request.language)).map(wire.roleGroup)),
  );

  app.post(
    '/components/getRoleType',
    { config, schema: { tags: ['components'], summary: 'Role types (STD_ROLE_TYPE): [{ CODE, NAME }]' } },
    async (request) => ok((await dictionaryPairs(database.db, ROLE_TYPE_DICTIONARY, request.language)).map(wire.codeName)),
  );

  app.post(
    '/components/getJzgTypeData',
    { config, schema: { tags: ['components'], summary: 'Staff types (STD_STAFF_TYPE): [{ CODE, NAME }]' } },
    async (request) => ok((await dictionaryPairs(database.db, STAFF_TYPE_DICTIONARY, request.language)).map(wire.codeName)),
  );

  app.post(
    '/components/getAreaData',
    { config, schema: { tags: ['components'], summary: 'Area cascader level: [{ CODE, NAME, CHILD, LEVNUM }]', body: areaDataBody } },
    async (request) => ok((await areaOptions(database.db, request.body.parentCode || undefined, request.body.levNum)).map(wire.area)),
  );

  app.post(
    '/components/getAreaList',
    { config, schema: { tags: ['components'], summary: "An area's code path from the province down, comma-separated", body: areaListBody } },
    async (request) => ok((await areaCodePath(database.db, request.body.code)).join(',')),
  );
}
