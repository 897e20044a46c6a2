/**
 * The picker's selection model (spec sections 3, 4, 5 and 9), free of React so every rule is testable.
 *
 * Value codes carry a prefix naming their kind. This is the ONE place the prefixes are defined:
 *   U_  a person,        U_ + USERID          e.g. U_T0001
 *   O_  an organisation, O_ + org tree id     e.g. O_12
 *   R_  a role,          R_ + role node id    e.g. R_teacher
 * The picker's value is the codes joined by commas, people first, then organisations, then roles, without
 * duplicates: 'U_T0001,O_12,R_teacher'.
 */
export const CODE_PREFIX = { people: 'U_', org: 'O_', role: 'R_' } as const;

export type PickerType = keyof typeof CODE_PREFIX;

/** Tab and value order: people, org, role. */
export const PICKER_TYPES: readonly PickerType[] = ['people', 'org', 'role'];

/** SORT of a selection item: 0 people, 1 org, 2 role. */
export const TYPE_SORT: Record<PickerType, 0 | 1 | 2> = { people: 0, org: 1, role: 2 };

/** One selected item (spec section 3): CODE is the prefixed value code. */
export interface PickerItem {
  CODE: string;
  NAME: string;
  TYPE: PickerType;
  SORT: 0 | 1 | 2;
  /** A display class: the user type of a person, the group of a role. */
  CLASS?: string;
}

export function toCode(type: PickerType, id: string | number): string {
  return CODE_PREFIX[type] + String(id);
}

/** The kind and raw id of a value code; null when the code has no known prefix. */
export function parseCode(code: string): { type: PickerType; id: string } | null {
  const trimmed = code.trim();
  for (const type of PICKER_TYPES) {
    const prefix = CODE_PREFIX[type];
    if (trimmed.startsWith(prefix) && trimmed.length > prefix.length) return { type, id: trimmed.slice(prefix.length) };
  }
  return null;
}

export function makeItem(type: PickerType, id: string | number, name: string, cls?: string): PickerItem {
  const item: PickerItem = { CODE: toCode(type, id), NAME: name, TYPE: type, SORT: TYPE_SORT[type] };
  if (cls !== undefined) item.CLASS = cls;
  return item;
}

/** People, then org, then role (each kind in the order it was picked); the first of duplicate codes wins. */
export function orderItems(items: readonly PickerItem[]): PickerItem[] {
  const seen = new Set<string>();
  const unique = items.filter((item) => {
    if (seen.has(item.CODE)) return false;
    seen.add(item.CODE);
    return true;
  });
  return PICKER_TYPES.flatMap((type) => unique.filter((item) => item.TYPE === type));
}

export function joinValue(items: readonly PickerItem[]): string {
  return orderItems(items)
    .map((item) => item.CODE)
    .join(',');
}

/** The distinct known codes of a value string, in value order (people, org, role). */
export function splitValue(value: string | null | undefined): { code: string; type: PickerType; id: string }[] {
  if (!value) return [];
  const seen = new Set<string>();
  const parsed: { code: string; type: PickerType; id: string }[] = [];
  for (const part of value.split(',')) {
    const code = part.trim();
    const hit = parseCode(code);
    if (!hit || seen.has(code)) continue;
    seen.add(code);
    parsed.push({ code, ...hit });
  }
  return PICKER_TYPES.flatMap((type) => parsed.filter((p) => p.type === type));
}

export interface SelectionRules {
  /** Several items per kind (default); single-select keeps one item of each kind. */
  multiple: boolean;
  /** Most items in all; 0 means no limit. */
  limit: number;
}

export type SelectionOutcome = { ok: true; items: PickerItem[] } | { ok: false; limit: number };

/**
 * Adds picked items. Single-select replaces the prior selection of that kind with the last picked item;
 * multi-select accumulates. When the result would hold more than `limit` items the pick is refused and
 * the selection stays as it was (the caller shows 'picker.limit').
 */
export function addItems(current: readonly PickerItem[], picked: readonly PickerItem[], rules: SelectionRules): SelectionOutcome {
  if (!picked.length) return { ok: true, items: orderItems(current) };
  let next: PickerItem[];
  if (rules.multiple) {
    next = orderItems([...current, ...picked]);
  } else {
    const lastOfType = new Map<PickerType, PickerItem>();
    for (const item of picked) lastOfType.set(item.TYPE, item);
    next = orderItems([...current.filter((item) => !lastOfType.has(item.TYPE)), ...lastOfType.values()]);
  }
  if (rules.limit > 0 && next.length > rules.limit && next.length > current.length) return { ok: false, limit: rules.limit };
  return { ok: true, items: next };
}

export function removeItems(current: readonly PickerItem[], codes: Iterable<string>): PickerItem[] {
  const drop = new Set(codes);
  return orderItems(current.filter((item) => !drop.has(item.CODE)));
}

/** The raw ids of one kind in the selection (the checked rows or tree nodes). */
export function idsOfType(items: readonly PickerItem[], type: PickerType): string[] {
  const prefix = CODE_PREFIX[type];
  return items.filter((item) => item.TYPE === type).map((item) => item.CODE.slice(prefix.length));
}
