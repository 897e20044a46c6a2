import { useCallback, useEffect, useState } from 'react';
import { Cascader, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client.ts';
import { Picker, joinValue, makeItem, splitValue } from '../../../components/Picker/index.ts';

/** Pieces shared by the campus screens (issue 4 items 8, 9 and 12): option lists, the area cascader, staff fields. */

export interface CampusOption {
  id: number;
  name: string;
  parentId?: number | null;
  campusId?: number;
  kind?: string;
}

export interface CampusOptions {
  units: CampusOption[];
  campuses: CampusOption[];
  researchGroups: CampusOption[];
  buildings: CampusOption[];
  courses: CampusOption[];
  grades: CampusOption[];
  schoolYears: CampusOption[];
  terms: CampusOption[];
}

const EMPTY: CampusOptions = { units: [], campuses: [], researchGroups: [], buildings: [], courses: [], grades: [], schoolYears: [], terms: [] };

/** The option lists of the campus screens (codes and names, in the user's language); `reload` after a change. */
export function useCampusOptions(): CampusOptions & { reload: () => void } {
  const [options, setOptions] = useState<CampusOptions>(EMPTY);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let alive = true;
    call<CampusOptions>('/api/system/campusOptions').then(
      (data) => alive && setOptions({ ...EMPTY, ...data }),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...options, reload };
}

export const toSelect = (options: CampusOption[]) => options.map((o) => ({ value: o.id, label: o.name }));

export function EnabledTag({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <Tag color={value ? 'green' : 'default'}>{value ? t('manage.enabled') : t('manage.disabled')}</Tag>;
}

/** The search form's yes / no select value as the list's boolean. */
export const toBoolean = (value: unknown): boolean | undefined => (value === 'true' ? true : value === 'false' ? false : undefined);

// ---- Area cascader (/components/getAreaData, /components/getAreaList; docs/calls-components.md) ----

interface AreaNode {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: AreaNode[];
}

interface AreaWire {
  CODE: string;
  NAME: string;
  CHILD: number | string;
}

/** Province, city and district. */
const AREA_DEPTH = 3;

const fetchAreas = async (parentCode?: string): Promise<AreaNode[]> => {
  const rows = await call<AreaWire[]>('/components/getAreaData', { form: { levNum: AREA_DEPTH, parentCode } });
  return (rows ?? []).map((row) => ({ value: row.CODE, label: row.NAME, isLeaf: Number(row.CHILD) !== 1 }));
};

/**
 * The area cascader: one level at a time from getAreaData; an existing value is opened along its path
 * (getAreaList). Its form value is the chosen area's code (the last of the path).
 */
export function AreaCascader({ value, onChange, disabled, id }: { value?: string | null; onChange?: (code: string) => void; disabled?: boolean; id?: string }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<AreaNode[]>([]);
  const [path, setPath] = useState<string[]>([]);

  useEffect(() => {
    let alive = true;
    (async () => {
      const top = await fetchAreas();
      let codes: string[] = [];
      if (value) {
        const joined = await call<string>('/components/getAreaList', { form: { code: value }, silent: true }).catch(() => '');
        codes = joined ? joined.split(',') : [];
        // Load every level along the path so the cascader can show its labels.
        let level = top;
        for (const code of codes.slice(0, -1)) {
          const node = level.find((n) => n.value === code);
          if (!node) break;
          node.children = await fetchAreas(code);
          level = node.children;
        }
      }
      if (!alive) return;
      setOptions(top);
      setPath(codes);
    })().catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [value]);

  const loadData = async (selected: AreaNode[]) => {
    const target = selected[selected.length - 1];
    if (!target || target.children) return;
    target.children = await fetchAreas(target.value);
    setOptions((current) => [...current]);
  };

  return (
    <Cascader<AreaNode>
      id={id}
      options={options}
      value={path}
      disabled={disabled}
      changeOnSelect
      allowClear
      placeholder={t('campusUi.areaPlaceholder')}
      loadData={(selected) => void loadData(selected as AreaNode[])}
      onChange={(codes) => {
        const list = (codes ?? []) as string[];
        setPath(list);
        onChange?.(list.length ? list[list.length - 1] : '');
      }}
      data-testid="area-cascader"
    />
  );
}

// ---- Staff fields (the shared people picker, teachers only) ----

/** Accounts ↔ the picker's value ('U_T0001,U_T0002'); names of known accounts show at once. */
const toPickerValue = (accounts: string[]) => joinValue(accounts.map((account) => makeItem('people', account, account)));
const fromPickerValue = (value: string) => splitValue(value).filter((part) => part.type === 'people').map((part) => part.id);

export function StaffPicker({
  value,
  onChange,
  multiple = false,
  disabled,
  id,
  testId,
}: {
  value?: string | string[];
  onChange?: (value: string | string[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  id?: string;
  testId?: string;
}) {
  const accounts = Array.isArray(value) ? value : value ? [value] : [];
  return (
    <div data-testid={testId}>
      <Picker
        id={id}
        types={['people']}
        userType="3"
        multiple={multiple}
        disabled={disabled}
        value={toPickerValue(accounts)}
        onChange={(next) => {
          const picked = fromPickerValue(next);
          onChange?.(multiple ? picked : (picked[picked.length - 1] ?? ''));
        }}
      />
    </div>
  );
}
