import {
  EVALUATION_TEXT_MAX,
  evaluationThemeFormSchema,
  type EvaluationItem,
  type EvaluationItemForm,
  type EvaluationItemKind,
  type EvaluationPeriodState,
  type EvaluationTheme,
  type EvaluationThemeForm,
  type EvaluationThemeType,
} from '@campus/contract';

/** One content item in the form; numbers stay undefined until given. */
export interface ItemValues {
  /** An existing item's id (its answers stay with it). */
  id?: number;
  name?: string;
  kind?: EvaluationItemKind;
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  precision?: number;
  options?: string[];
}

export interface ThemeFormValues {
  name?: string;
  type?: EvaluationThemeType;
  gradeIds?: number[];
  /** The filling period as two dates (YYYY-MM-DD). */
  period?: [string | undefined, string | undefined];
  remarks?: string;
  items?: ItemValues[];
}

/** The longest answer a new text item starts with. */
export const DEFAULT_TEXT_MAX = 200;
/** The range a new number item starts with. */
export const DEFAULT_NUMBER = { min: 0, max: 100, precision: 0 } as const;

export const TYPE_COLOURS: Record<EvaluationThemeType, string> = {
  moral: 'volcano',
  academic: 'blue',
  health: 'green',
  art: 'magenta',
  practice: 'orange',
  comment: 'purple',
};

export const PERIOD_COLOURS: Record<EvaluationPeriodState, string | undefined> = { notStarted: 'default', open: 'green', closed: 'red' };

/** The settings a kind starts with, where the item has none of its own yet. */
export function kindDefaults(kind: EvaluationItemKind | undefined, item: ItemValues = {}): ItemValues {
  if (kind === 'text') return { maxLength: item.maxLength ?? DEFAULT_TEXT_MAX };
  if (kind === 'number') return { min: item.min ?? DEFAULT_NUMBER.min, max: item.max ?? DEFAULT_NUMBER.max, precision: item.precision ?? DEFAULT_NUMBER.precision };
  if (kind === 'enum') return { options: item.options ?? [] };
  return {};
}

/** A new item: a required text answer of 200 characters at most. */
export const newItem = (): ItemValues => ({ name: '', kind: 'text', required: true, maxLength: DEFAULT_TEXT_MAX, options: [] });

/** A new theme: no grades yet, one item to fill in. */
export const newThemeValues = (): ThemeFormValues => ({ name: '', gradeIds: [], remarks: '', items: [newItem()] });

const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** A theme's values in the form. */
export function themeValues(theme: EvaluationTheme): ThemeFormValues {
  return {
    name: theme.name,
    type: theme.type,
    gradeIds: [...theme.gradeIds],
    period: [theme.fillStart, theme.fillEnd],
    remarks: theme.remarks ?? '',
    items: theme.items.map((item: EvaluationItem) => ({
      id: item.id,
      name: item.name,
      kind: item.kind,
      required: item.required,
      maxLength: orUndefined(item.maxLength),
      min: orUndefined(item.min),
      max: orUndefined(item.max),
      precision: orUndefined(item.precision),
      options: item.options ? [...item.options] : [],
    })),
  };
}

/** An item as sent: the settings of its kind, the others null. */
export function itemBody(item: ItemValues): EvaluationItemForm {
  const kind = item.kind as EvaluationItemKind;
  return {
    ...(item.id ? { id: item.id } : {}),
    name: item.name?.trim() ?? '',
    kind,
    required: item.required ?? false,
    maxLength: kind === 'text' ? (item.maxLength ?? null) : null,
    min: kind === 'number' ? (item.min ?? null) : null,
    max: kind === 'number' ? (item.max ?? null) : null,
    precision: kind === 'number' ? (item.precision ?? null) : null,
    options: kind === 'enum' ? (item.options ?? []).map((option) => option.trim()) : null,
  };
}

/** The body of the save call for the term (update adds the theme's id). */
export function themeBody(values: ThemeFormValues, termId: number, id?: number): EvaluationThemeForm {
  return {
    ...(id ? { id } : {}),
    termId,
    name: values.name?.trim() ?? '',
    type: values.type as EvaluationThemeType,
    gradeIds: values.gradeIds ?? [],
    fillStart: values.period?.[0] ?? '',
    fillEnd: values.period?.[1] ?? '',
    remarks: values.remarks?.trim() ?? '',
    items: (values.items ?? []).map(itemBody),
  };
}

/** Where a message of the schema shows in the form: the period's two ends on the period, an option on its item's options. */
function formPath(path: readonly PropertyKey[]): string {
  if (path[0] === 'fillStart' || path[0] === 'fillEnd') return 'period';
  if (path[0] === 'items' && path.length >= 3) return ['items', path[1], path[2]].join('.');
  return path.map(String).join('.');
}

/**
 * The contract schema's messages (catalogue keys) of the body the form would send, by the form's path
 * ('name', 'period', 'items', 'items.0.options', ...), the first for each path.
 */
export function themeMessages(values: ThemeFormValues, termId: number): Map<string, string> {
  const messages = new Map<string, string>();
  const result = evaluationThemeFormSchema.safeParse(themeBody(values, termId));
  if (result.success) return messages;
  for (const issue of result.error.issues) {
    const at = formPath(issue.path);
    if (!messages.has(at)) messages.set(at, issue.message);
  }
  // The schema checks the period's order and the names twice only once the theme's fields have their types
  // (a type still to choose skips them): mirrored here, they show at once.
  const [start, end] = values.period ?? [];
  if (!messages.has('period') && start && end && end < start) messages.set('period', 'termEvaluation.periodOrder');
  const names = (values.items ?? []).map((item) => item.name?.trim() ?? '');
  names.forEach((name, index) => {
    const at = `items.${index}.name`;
    if (name && names.indexOf(name) !== index && !messages.has(at)) messages.set(at, 'termEvaluation.itemNameTwice');
  });
  return messages;
}

/** The hint of an item's answers, as a catalogue key with its values. */
export function itemHint(item: Pick<EvaluationItem, 'kind' | 'maxLength' | 'min' | 'max' | 'precision' | 'options'>): { key: string; values: Record<string, string | number> } {
  if (item.kind === 'number') {
    return { key: item.precision ? 'termMaintainPage.hint.numberDecimals' : 'termMaintainPage.hint.number', values: { min: item.min ?? '', max: item.max ?? '', precision: item.precision ?? 0 } };
  }
  if (item.kind === 'enum') return { key: 'termMaintainPage.hint.enum', values: { options: (item.options ?? []).join(' / ') } };
  return { key: 'termMaintainPage.hint.text', values: { max: item.maxLength ?? EVALUATION_TEXT_MAX } };
}

/** The share of students filled, in whole percents. */
export const percentOf = (filled: number, students: number): number => (students > 0 ? Math.min(100, Math.round((filled / students) * 100)) : 0);
