import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchPeopleByIds, loadOrgTree, loadRoleGroups, PICKER_URLS } from '../../api/components.ts';
import { feedback } from '../../app/feedback.ts';
import { ERROR_DURATION_SECONDS } from '../../api/client.ts';
import { t } from '../../i18n/index.ts';
import { addItems, joinValue, makeItem, orderItems, parseCode, removeItems, splitValue, toCode, type PickerItem } from './selection.ts';
import { findNode, orgTreeNodes, roleTreeNodes } from './tree.ts';

/** Addresses of the picker calls; each defaults to the documented path (spec section 7). */
export interface PickerUrls {
  /** People list, default /components/getUserAllData. */
  userUrl?: string;
  /** Names for ids, default /components/getUserData. */
  userDataUrl?: string;
  /** Organisation tree, default /components/getOrgsData. */
  orgUrl?: string;
  /** Role groups, default /components/getRoles. */
  roleUrl?: string;
}

export interface PickerSelectionOptions extends PickerUrls {
  value?: string;
  defaultValue?: string;
  onChange?: (value: string, items: PickerItem[]) => void;
  multiple: boolean;
  limit: number;
  roleType: string;
}

export interface PickerSelection {
  items: PickerItem[];
  add(picked: PickerItem[]): boolean;
  remove(codes: string[]): void;
  clear(): void;
}

/**
 * The picker's selection state: controlled by `value` (or seeded by `defaultValue`), a comma-joined string
 * of prefixed codes. Names of codes the picker has not seen yet are looked up: people through the
 * ids call, organisations and roles in their (cached) trees. A pick beyond the limit shows
 * 'picker.limit' as an error and changes nothing.
 */
export function usePickerSelection(options: PickerSelectionOptions): PickerSelection {
  const { value, defaultValue, onChange, multiple, limit, roleType } = options;
  const userDataUrl = options.userDataUrl ?? PICKER_URLS.usersByIds;
  const orgUrl = options.orgUrl ?? PICKER_URLS.orgs;
  const roleUrl = options.roleUrl ?? PICKER_URLS.roles;
  const [items, setItems] = useState<PickerItem[]>([]);
  const itemsRef = useRef<PickerItem[]>([]);
  const names = useRef(new Map<string, PickerItem>());
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const resolving = useRef(0);

  const show = useCallback((next: PickerItem[]) => {
    itemsRef.current = next;
    // Remember real names (not the id placeholders shown while a lookup runs).
    for (const item of next) if (item.NAME !== parseCode(item.CODE)?.id) names.current.set(item.CODE, item);
    setItems(next);
  }, []);

  const commit = useCallback(
    (next: PickerItem[]) => {
      show(next);
      onChangeRef.current?.(joinValue(next), next);
    },
    [show],
  );

  /** Shows the items of a value string, looking up the names it does not know. */
  const resolve = useCallback(
    (text: string) => {
      const parts = splitValue(text);
      const run = ++resolving.current;
      const known = (code: string) => names.current.get(code);
      const missing = parts.filter((part) => !known(part.code));
      // Until a name is known the tag shows the raw id.
      show(orderItems(parts.map((part) => known(part.code) ?? makeItem(part.type, part.id, part.id))));
      if (!missing.length) return;
      const people = missing.filter((part) => part.type === 'people').map((part) => part.id);
      const orgs = missing.filter((part) => part.type === 'org');
      const roles = missing.filter((part) => part.type === 'role');
      const found = new Map<string, PickerItem>();
      const jobs: Promise<void>[] = [];
      if (people.length) {
        jobs.push(
          fetchPeopleByIds(people, userDataUrl).then((rows) => {
            for (const row of rows) found.set(toCode('people', row.USERID), makeItem('people', row.USERID, row.USERNAME));
          }),
        );
      }
      if (orgs.length) {
        jobs.push(
          loadOrgTree(orgUrl).then((tree) => {
            const nodes = orgTreeNodes(tree);
            for (const part of orgs) {
              const node = findNode(nodes, part.id);
              if (node) found.set(part.code, makeItem('org', part.id, node.title));
            }
          }),
        );
      }
      if (roles.length) {
        jobs.push(
          loadRoleGroups(roleUrl, roleType).then((groups) => {
            const nodes = roleTreeNodes(groups);
            for (const part of roles) {
              const node = findNode(nodes, part.id);
              if (node) found.set(part.code, makeItem('role', part.id, node.title, node.group));
            }
          }),
        );
      }
      void Promise.allSettled(jobs).then(() => {
        // A newer value (or a pick) came meanwhile: keep that one.
        if (run !== resolving.current || !found.size) return;
        for (const item of found.values()) names.current.set(item.CODE, item);
        show(itemsRef.current.map((item) => found.get(item.CODE) ?? item));
      });
    },
    [show, userDataUrl, orgUrl, roleUrl, roleType],
  );

  const seeded = useRef(false);
  useEffect(() => {
    if (value === undefined) {
      if (!seeded.current && defaultValue) resolve(defaultValue);
      seeded.current = true;
      return;
    }
    seeded.current = true;
    if (value !== joinValue(itemsRef.current)) resolve(value);
  }, [value, defaultValue, resolve]);

  const add = useCallback(
    (picked: PickerItem[]) => {
      const outcome = addItems(itemsRef.current, picked, { multiple, limit });
      if (!outcome.ok) {
        feedback().message.error({ content: t('picker.limit', { n: outcome.limit }), duration: ERROR_DURATION_SECONDS, key: 'picker-limit' });
        return false;
      }
      resolving.current += 1;
      commit(outcome.items);
      return true;
    },
    [multiple, limit, commit],
  );

  const remove = useCallback(
    (codes: string[]) => {
      resolving.current += 1;
      commit(removeItems(itemsRef.current, codes));
    },
    [commit],
  );

  const clear = useCallback(() => {
    resolving.current += 1;
    commit([]);
  }, [commit]);

  return { items, add, remove, clear };
}
