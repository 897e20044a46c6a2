import { useCallback, useMemo } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadOrgTree, loadRoleGroups, PICKER_URLS, type PersonRow } from '../../api/components.ts';
import { PeopleTab } from './PeopleTab.tsx';
import { TreeTab } from './TreeTab.tsx';
import { idsOfType, makeItem, PICKER_TYPES, toCode, type PickerItem, type PickerType } from './selection.ts';
import { orgTreeNodes, roleTreeNodes, type PickerTreeNode } from './tree.ts';
import type { PickerUrls } from './usePickerSelection.ts';

export interface PickerFilters {
  /** People of this user type only (USERTYPE: 1 administrator, 2 student, 3 teacher, 4 parent). */
  userType?: string;
  /** Campus code (XQDM). */
  xqdm?: string;
  /** Department code (DWDM). */
  dwdm?: string;
  /** School-term code (XNXQ). */
  xnxq?: string;
  /** Role type sent to the roles call. */
  roleType?: string;
}

export interface PickerPanelProps extends PickerUrls, PickerFilters {
  /** The allowed kinds; tabs appear in the order people, org, role. */
  types: readonly PickerType[];
  activeType: PickerType;
  onActiveTypeChange: (type: PickerType) => void;
  items: readonly PickerItem[];
  multiple: boolean;
  onAdd: (items: PickerItem[]) => boolean;
  onRemove: (codes: string[]) => void;
  /** People per page: 5 in the popover, 10 in a dialog or table. */
  pageSize: number;
  /** Most page buttons under the people table (5). */
  pagerCount?: number;
  wide?: boolean;
}

/** Only the known kinds, in tab order, without repeats; all three when none is given. */
export function allowedTypes(types: readonly PickerType[] | undefined): PickerType[] {
  const allowed = PICKER_TYPES.filter((type) => !types || types.includes(type));
  return allowed.length ? allowed : [...PICKER_TYPES];
}

/** The tabs of the picker: people, organisations and roles, only the allowed ones. */
export function PickerPanel({
  types,
  activeType,
  onActiveTypeChange,
  items,
  multiple,
  onAdd,
  onRemove,
  pageSize,
  pagerCount = 5,
  wide,
  userType = '',
  xqdm = '',
  dwdm = '',
  xnxq = '',
  roleType = '',
  userUrl = PICKER_URLS.users,
  orgUrl = PICKER_URLS.orgs,
  roleUrl = PICKER_URLS.roles,
}: PickerPanelProps) {
  const { t } = useTranslation();
  const filters = useMemo(() => ({ USERTYPE: userType, XQDM: xqdm, DWDM: dwdm, XNXQ: xnxq }), [userType, xqdm, dwdm, xnxq]);
  const peopleIds = useMemo(() => idsOfType(items, 'people'), [items]);
  const orgIds = useMemo(() => idsOfType(items, 'org'), [items]);
  const roleIds = useMemo(() => idsOfType(items, 'role'), [items]);

  const loadOrgs = useCallback(async () => orgTreeNodes(await loadOrgTree(orgUrl)), [orgUrl]);
  const loadRoles = useCallback(async () => roleTreeNodes(await loadRoleGroups(roleUrl, roleType)), [roleUrl, roleType]);

  const addPeople = (rows: PersonRow[]) => onAdd(rows.map((row) => makeItem('people', row.USERID, row.USERNAME, String(row.USERTYPE ?? ''))));
  const addNodes = (type: 'org' | 'role') => (nodes: PickerTreeNode[]) =>
    onAdd(nodes.filter((node) => node.id !== undefined).map((node) => makeItem(type, node.id as string, node.title, node.group)));
  const removeIds = (type: PickerType) => (ids: string[]) => onRemove(ids.map((id) => toCode(type, id)));

  const tabs = allowedTypes(types).map((type) => {
    switch (type) {
      case 'people':
        return {
          key: type,
          label: t('picker.tab.people'),
          children: (
            <PeopleTab
              url={userUrl}
              pageSize={pageSize}
              pagerCount={pagerCount}
              filters={filters}
              multiple={multiple}
              selectedIds={peopleIds}
              wide={wide}
              onAdd={addPeople}
              onRemove={removeIds('people')}
            />
          ),
        };
      case 'org':
        return {
          key: type,
          label: t('picker.tab.org'),
          children: <TreeTab kind="org" load={loadOrgs} loadKey={orgUrl} checkedIds={orgIds} onAdd={addNodes('org')} onRemove={removeIds('org')} />,
        };
      default:
        return {
          key: type,
          label: t('picker.tab.role'),
          children: (
            <TreeTab kind="role" load={loadRoles} loadKey={`${roleUrl} ${roleType}`} checkedIds={roleIds} onAdd={addNodes('role')} onRemove={removeIds('role')} />
          ),
        };
    }
  });

  return (
    <Tabs
      className="campus-picker-panel"
      size="small"
      activeKey={activeType}
      onChange={(key) => onActiveTypeChange(key as PickerType)}
      items={tabs}
      data-testid="picker-panel"
    />
  );
}
