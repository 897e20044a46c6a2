import type { Language, PagedResult } from '@campus/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { enabledItemsOf, localName } from '../dictionaries/service.ts';
import { VersionedCache } from '../../../platform/versionedCache.ts';
import { areaChildren, areaExists, areaPath, enabledOrgUnits, enabledRoles, namesOfAccounts, pagePeople, type PeopleFilter, type PeoplePage } from './queries.ts';

export const ROLE_TYPE_DICTIONARY = 'STD_ROLE_TYPE';
export const STAFF_TYPE_DICTIONARY = 'STD_STAFF_TYPE';

export interface Person {
  account: string;
  name: string;
  userType: number;
  campusName: string | null;
  unitName: string | null;
}

/**
 * Picker pages by the people version they were read at (see VersionedCache): teachers open the same
 * picker with the same few names at the same minute, and a keyword page costs the database 1–7 ms while
 * every change to people, units, classes or terms bumps the version that retires the cached pages.
 */
const peoplePages = new VersionedCache<PeoplePage>(500);

export async function searchPeople(
  db: DbOrTx,
  filter: PeopleFilter,
  page: { index: number; size: number },
  language: Language,
  /** The caller's people version (AuthContext.peopleVersion). */
  peopleVersion: string,
): Promise<PagedResult<Person> & { more: boolean }> {
  const read = () => pagePeople(db, filter, { offset: page.index * page.size, limit: page.size }, language);
  // Every field of the filter, in a fixed order, so that a field added later can never share a key.
  const key = `${language}|${page.index}|${page.size}|${JSON.stringify(filter, Object.keys(filter).sort())}`;
  const { total, rows, more } = await peoplePages.get(Number(peopleVersion), key, read);
  return {
    total,
    more,
    rows: rows.map((row) => ({ account: row.account, name: row.display_name, userType: row.user_type, campusName: row.campus_name, unitName: row.unit_name })),
  };
}

/** Names of the given accounts in the given order; unknown accounts are skipped. */
export async function peopleByAccounts(db: DbOrTx, accounts: readonly string[]): Promise<{ account: string; name: string }[]> {
  const found = new Map((await namesOfAccounts(db, accounts)).map((row) => [row.account, row.display_name]));
  return accounts.filter((account) => found.has(account)).map((account) => ({ account, name: found.get(account)! }));
}

export interface OrgNode {
  code: string;
  name: string;
  kind: string;
  children: OrgNode[];
}

/** The enabled organisation as a tree; a unit under a disabled one is left out with it. */
export async function organisationTree(db: DbOrTx, language: Language): Promise<OrgNode[]> {
  const rows = await enabledOrgUnits(db);
  const nodes = new Map(rows.map((row) => [row.id, { code: row.code, name: localName({ name: row.name, nameEn: row.name_en }, language), kind: row.kind, children: [] as OrgNode[] }]));
  const roots: OrgNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    if (row.parent_id === null) roots.push(node);
    else nodes.get(row.parent_id)?.children.push(node);
  }
  return roots;
}

export interface RoleGroup {
  type: string;
  typeName: string;
  roles: { code: string; name: string }[];
}

/** Enabled roles grouped by role type, the groups in the order of the STD_ROLE_TYPE dictionary. */
export async function roleGroups(db: DbOrTx, roleType: string | undefined, language: Language): Promise<RoleGroup[]> {
  const [roles, types] = await Promise.all([enabledRoles(db, roleType), enabledItemsOf(db, ROLE_TYPE_DICTIONARY)]);
  const order = new Map(types.map((type, index) => [type.code, index]));
  const groups = new Map<string, RoleGroup>();
  for (const role of roles) {
    let group = groups.get(role.role_type);
    if (!group) {
      const type = types.find((item) => item.code === role.role_type);
      group = { type: role.role_type, typeName: type ? localName(type, language) : role.role_type, roles: [] };
      groups.set(role.role_type, group);
    }
    group.roles.push({ code: role.code, name: role.name });
  }
  const rank = (type: string) => order.get(type) ?? Number.MAX_SAFE_INTEGER;
  return [...groups.values()].sort((a, b) => rank(a.type) - rank(b.type) || a.type.localeCompare(b.type));
}

/** Code and name pairs of one dictionary table, in the caller's language. */
export async function dictionaryPairs(db: DbOrTx, tableName: string, language: Language): Promise<{ code: string; name: string }[]> {
  return (await enabledItemsOf(db, tableName)).map((item) => ({ code: item.code, name: localName(item, language) }));
}

export interface AreaOption {
  code: string;
  name: string;
  hasChildren: boolean;
  level: number;
}

/**
 * One level of the area cascader: the children of `parentCode`, or the top-level areas. `depth` is how
 * many levels the cascader shows (spec section 9, levNum), so a node at that level is a leaf.
 */
export async function areaOptions(db: DbOrTx, parentCode: string | undefined, depth: number): Promise<AreaOption[]> {
  const rows = await areaChildren(db, parentCode);
  if (rows.length === 0 && parentCode && !(await areaExists(db, parentCode))) throw notFound();
  return rows.map((row) => ({ code: row.code, name: row.name, hasChildren: row.has_children && row.level < depth, level: row.level }));
}

/** The codes from the province down to `code`. */
export async function areaCodePath(db: DbOrTx, code: string): Promise<string[]> {
  const path = await areaPath(db, code);
  if (path.length === 0) throw notFound();
  return path;
}
