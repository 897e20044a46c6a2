import { useEffect, useMemo } from 'react';
import { Button, ColorPicker, Form, Input, InputNumber, Switch, Table, type ColorPickerProps, type FormInstance, type TableColumnsType } from 'antd';
import type { FormListFieldData, FormListProps, RuleObject } from 'antd/es/form';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CONVERSION_LEVELS_MAX,
  CONVERSION_SCORE_MAX,
  SCORE_LEVEL_NAME_MAX,
  SCORE_NAME_MAX,
  SCORE_REMARKS_MAX,
  conversionRuleFormSchema,
  type ConversionRuleRow,
} from '@campus/contract';
import type { ConversionRuleBody } from '../../../api/scores.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog, removeRowColumn, type FormMode } from '../../../components/ManagePage/index.ts';
import { currentLanguage, t as translate } from '../../../i18n/index.ts';
import { saveConversionRule } from './scoreCalls.ts';

/** One level in the form; numbers stay undefined until given. */
export interface LevelValues {
  name?: string;
  lowestScore?: number;
  highestScore?: number;
  convertedScore?: number;
  /** #RRGGBB */
  colour?: string;
  enabled?: boolean;
  lowestRate?: number;
  highestRate?: number;
}

export interface RuleFormValues {
  name?: string;
  enabled?: boolean;
  remarks?: string;
  levels: LevelValues[];
}

/** The colours new levels take in turn (the user picks another at will). */
export const LEVEL_COLOURS = ['#52C41A', '#1677FF', '#13C2C2', '#FAAD14', '#FA8C16', '#F5222D', '#722ED1', '#8C8C8C'] as const;

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** A new level: the next colour, used, its band just below the last level's and its rates following them. */
export function newLevel(levels: readonly LevelValues[]): LevelValues {
  const last = levels.at(-1);
  const used = new Set(levels.map((level) => level.colour?.toUpperCase()));
  const colour = LEVEL_COLOURS.find((value) => !used.has(value)) ?? LEVEL_COLOURS[levels.length % LEVEL_COLOURS.length]!;
  return {
    colour,
    enabled: true,
    highestScore: last && isWhole(last.lowestScore) && last.lowestScore > 0 ? last.lowestScore - 1 : undefined,
    lowestRate: last && isWhole(last.highestRate) ? last.highestRate : undefined,
  };
}

/** A new rule: enabled, with one level to fill in. */
export const newRuleValues = (): RuleFormValues => ({ enabled: true, remarks: '', levels: [newLevel([])] });

/** A rule's values in the form. */
export function ruleValues(row: ConversionRuleRow): RuleFormValues {
  return { name: row.name, enabled: row.enabled, remarks: row.remarks, levels: row.levels.map((level) => ({ ...level })) };
}

/** The body of the create call (update adds the id). */
export function ruleBody(values: RuleFormValues): ConversionRuleBody {
  return {
    name: values.name?.trim() ?? '',
    enabled: values.enabled ?? true,
    remarks: values.remarks?.trim() ?? '',
    levels: (values.levels ?? []).map((level) => ({
      name: level.name?.trim() ?? '',
      lowestScore: Number(level.lowestScore),
      highestScore: Number(level.highestScore),
      convertedScore: Number(level.convertedScore),
      colour: level.colour?.trim() ?? '',
      enabled: level.enabled ?? true,
      lowestRate: Number(level.lowestRate),
      highestRate: Number(level.highestRate),
    })),
  };
}

/** "A 90–100 → 95": a level in a tag. */
export const levelLabel = (level: Pick<LevelValues, 'name' | 'lowestScore' | 'highestScore' | 'convertedScore'>) =>
  `${level.name ?? ''} ${level.lowestScore ?? ''}–${level.highestScore ?? ''} → ${level.convertedScore ?? ''}`;

/**
 * The schema checks a level's bands (highest not below lowest, converted between them, rates in order) only
 * once all its fields are valid, and the levels as a whole only once every level is: mirrored here, they show
 * as soon as the numbers involved are given. The messages are the contract's.
 */
export function levelCrossMessage(level: LevelValues | undefined, field: keyof LevelValues): string | undefined {
  if (!level) return undefined;
  const { lowestScore: low, highestScore: high, convertedScore: converted, lowestRate, highestRate } = level;
  if (field === 'highestScore' && isWhole(low) && isWhole(high) && high < low) return 'scoreRule.highestBelowLowest';
  if (field === 'convertedScore' && isWhole(low) && isWhole(high) && isWhole(converted) && high >= low && (converted < low || converted > high)) return 'scoreRule.convertedOutside';
  if (field === 'lowestRate' && isWhole(lowestRate) && isWhole(highestRate) && lowestRate > highestRate) return 'scoreRule.rateOrder';
  return undefined;
}

/** The checks of the levels as a whole: some, at most 20, names once, score bands apart. */
export function levelsMessage(levels: readonly LevelValues[] | undefined): string | undefined {
  const list = levels ?? [];
  if (!list.length) return 'scoreRule.levelsRequired';
  if (list.length > CONVERSION_LEVELS_MAX) return 'scoreRule.tooManyLevels';
  const names = list.map((level) => level.name?.trim() ?? '').filter(Boolean);
  if (new Set(names).size !== names.length) return 'scoreRule.levelTwice';
  const bands = list
    .filter((level): level is LevelValues & { lowestScore: number; highestScore: number } => isWhole(level.lowestScore) && isWhole(level.highestScore) && level.highestScore >= level.lowestScore)
    .sort((a, b) => a.lowestScore - b.lowestScore);
  if (bands.some((band, index) => index > 0 && band.lowestScore <= bands[index - 1]!.highestScore)) return 'scoreRule.bandsOverlap';
  return undefined;
}

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) => a.length === b.length && a.every((part, index) => part === b[index]);

/** The contract schema's message for exactly this path of the form, if any. */
function schemaMessage(form: FormInstance, path: readonly PropertyKey[]): string | undefined {
  const result = conversionRuleFormSchema.safeParse(form.getFieldsValue(true));
  return result.success ? undefined : result.error.issues.find((issue) => samePath(issue.path, path))?.message;
}

/** A rule of a field (or of the levels as a whole): the schema's message for its path, then the mirrored checks. */
function pathRule(form: FormInstance, path: readonly PropertyKey[], mirror?: () => string | undefined): RuleObject {
  return {
    validator: async () => {
      const message = schemaMessage(form, path) ?? mirror?.();
      if (message) throw new Error(translate(message));
    },
  };
}

export interface RuleDialogState {
  mode: FormMode;
  row?: ConversionRuleRow;
}

export interface RuleDialogProps {
  /** The dialog's mode and, to modify or view, the rule; null: closed. */
  dialog: RuleDialogState | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add, modify or view a conversion rule: its name, whether it is used, its levels and remarks. */
export function RuleDialog({ dialog, onClose, onSaved }: RuleDialogProps) {
  const { t } = useTranslation();
  const row = dialog?.row;
  const mode = dialog?.mode ?? 'add';
  const initialValues = useMemo(() => (row ? ruleValues(row) : newRuleValues()), [row]);

  return (
    <FormDialog<RuleFormValues>
      open={!!dialog}
      mode={mode}
      title={t(mode === 'add' ? 'scoreRulePage.addRuleTitle' : mode === 'edit' ? 'scoreRulePage.editRuleTitle' : 'scoreRulePage.viewRuleTitle')}
      initialValues={initialValues}
      // The levels' table needs the room: eight narrow columns.
      width={currentLanguage() === 'en' ? 980 : 900}
      onClose={onClose}
      onSubmit={async (values) => {
        const body = ruleBody(values);
        const msg = await saveConversionRule(mode === 'edit' && row ? { ...body, id: row.id } : body);
        feedback().message.success(msg || t(mode === 'edit' ? 'common.updated' : 'common.created'));
        onSaved();
      }}
      data-testid="score-rule-dialog"
    >
      {(form) => (
        <div className="score-form-grid">
          <Form.Item name="name" label={t('scoreRule.col.name')} required rules={[pathRule(form, ['name'])]}>
            <Input maxLength={SCORE_NAME_MAX} placeholder={t('scoreRulePage.ruleNamePlaceholder')} data-testid="score-rule-form-name" />
          </Form.Item>
          <Form.Item name="enabled" label={t('scoreRule.col.enabled')} valuePropName="checked" extra={mode === 'view' ? undefined : t('scoreRulePage.ruleEnabledHint')}>
            <Switch data-testid="score-rule-form-enabled" />
          </Form.Item>
          <div className="score-form-wide">
            <LevelsEditor form={form} mode={mode} />
          </div>
          <Form.Item name="remarks" label={t('scoreRule.col.remarks')} rules={[pathRule(form, ['remarks'])]} className="score-form-wide">
            <Input.TextArea maxLength={SCORE_REMARKS_MAX} rows={2} data-testid="score-rule-form-remarks" />
          </Form.Item>
        </div>
      )}
    </FormDialog>
  );
}

/** A cleared number goes as undefined (not null, which the schema would read as 0). */
const noNull = (value: number | null | undefined) => value ?? undefined;

type ColourValue = Parameters<NonNullable<ColorPickerProps['onChange']>>[0];
/** The picker's colour as the form keeps it: #RRGGBB. */
const toHex = (colour: ColourValue) => `#${colour.toHex().slice(0, 6).toUpperCase()}`;

/** A rule of a Form.List (a validator, nothing else). */
type ListRule = NonNullable<FormListProps['rules']>[number];

interface LevelsEditorProps {
  form: FormInstance<RuleFormValues>;
  mode: FormMode;
}

/** The levels as an editable table: name, score band, converted score, colour, used, rank band; added and removed. */
function LevelsEditor({ form, mode }: LevelsEditorProps) {
  const { t } = useTranslation();
  const editable = mode !== 'view';
  const levels = Form.useWatch<LevelValues[] | undefined>('levels', form);

  // The levels-as-a-whole message (names twice, bands overlapping) clears as soon as the levels are put right.
  useEffect(() => {
    if (form.getFieldError(['levels']).length) form.validateFields([['levels']]).catch(() => undefined);
  }, [levels, form]);

  const listRule: ListRule = {
    validator: async () => {
      const message = schemaMessage(form, ['levels']) ?? levelsMessage(form.getFieldValue('levels') as LevelValues[] | undefined);
      if (message) throw new Error(translate(message));
    },
  };

  return (
    <Form.List name="levels" rules={[listRule]}>
      {(fields, { add, remove }, { errors }) => {
        const at = (field: FormListFieldData, part: keyof LevelValues) => ['levels', field.name, part];
        const level = (field: FormListFieldData) => (form.getFieldValue('levels') as LevelValues[] | undefined)?.[field.name];
        const rule = (field: FormListFieldData, part: keyof LevelValues) => [pathRule(form, at(field, part), () => levelCrossMessage(level(field), part))];
        const score = (part: 'lowestScore' | 'highestScore' | 'convertedScore', label: string, dependencies: (keyof LevelValues)[]) => ({
          key: part,
          title: label,
          width: 88,
          render: (_: unknown, field: FormListFieldData) => (
            <Form.Item name={[field.name, part]} rules={rule(field, part)} normalize={noNull} dependencies={dependencies.map((other) => at(field, other))}>
              <InputNumber min={0} max={CONVERSION_SCORE_MAX} precision={0} style={{ width: '100%' }} aria-label={label} data-testid={`score-level-${part}-${field.name}`} />
            </Form.Item>
          ),
        });
        const rate = (part: 'lowestRate' | 'highestRate', label: string, dependencies: (keyof LevelValues)[]) => ({
          key: part,
          title: label,
          width: 96,
          render: (_: unknown, field: FormListFieldData) => (
            <Form.Item name={[field.name, part]} rules={rule(field, part)} normalize={noNull} dependencies={dependencies.map((other) => at(field, other))}>
              <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: '100%' }} aria-label={label} data-testid={`score-level-${part}-${field.name}`} />
            </Form.Item>
          ),
        });
        const columns: TableColumnsType<FormListFieldData> = [
          {
            key: 'name',
            title: t('scoreRulePage.levelName'),
            width: 100,
            render: (_, field) => (
              <Form.Item name={[field.name, 'name']} rules={rule(field, 'name')}>
                <Input maxLength={SCORE_LEVEL_NAME_MAX} aria-label={t('scoreRulePage.levelName')} data-testid={`score-level-name-${field.name}`} />
              </Form.Item>
            ),
          },
          score('lowestScore', t('scoreRulePage.lowestScore'), []),
          score('highestScore', t('scoreRulePage.highestScore'), ['lowestScore']),
          score('convertedScore', t('scoreRulePage.convertedScore'), ['lowestScore', 'highestScore']),
          {
            key: 'colour',
            title: t('scoreRulePage.colour'),
            width: 120,
            render: (_, field) => (
              <Form.Item name={[field.name, 'colour']} rules={rule(field, 'colour')} getValueFromEvent={toHex}>
                <ColorPicker disabledAlpha disabledFormat format="hex" showText size="small" presets={[{ label: t('scoreRulePage.colourPresets'), colors: [...LEVEL_COLOURS] }]} data-testid={`score-level-colour-${field.name}`} />
              </Form.Item>
            ),
          },
          {
            key: 'enabled',
            title: t('scoreRulePage.levelEnabled'),
            width: 64,
            render: (_, field) => (
              <Form.Item name={[field.name, 'enabled']} valuePropName="checked">
                <Switch size="small" aria-label={t('scoreRulePage.levelEnabled')} data-testid={`score-level-enabled-${field.name}`} />
              </Form.Item>
            ),
          },
          rate('lowestRate', t('scoreRulePage.lowestRate'), ['highestRate']),
          rate('highestRate', t('scoreRulePage.highestRate'), []),
        ];
        if (editable) {
          columns.push(removeRowColumn(t('scoreRulePage.removeLevel'), remove, 'score-level-remove', 40));
        }
        return (
          <div className="score-levels" data-testid="score-rule-levels">
            <div className="score-levels-head">
              <span className="score-levels-label">{t('scoreRule.col.levels')}</span>
            </div>
            <Table<FormListFieldData>
              size="small"
              bordered
              rowKey="key"
              pagination={false}
              dataSource={fields}
              columns={columns}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('scoreRulePage.noLevels') }}
            />
            <Form.ErrorList errors={errors} />
            {editable && (
              <Button
                className="score-levels-add"
                type="dashed"
                block
                icon={<PlusOutlined />}
                disabled={fields.length >= CONVERSION_LEVELS_MAX}
                onClick={() => add(newLevel((form.getFieldValue('levels') as LevelValues[] | undefined) ?? []))}
                data-testid="score-level-add"
              >
                {t('scoreRulePage.addLevel')}
              </Button>
            )}
            {editable && <div className="score-rule-muted score-levels-hint">{t('scoreRulePage.levelsHint', { max: CONVERSION_LEVELS_MAX, top: CONVERSION_SCORE_MAX })}</div>}
          </div>
        );
      }}
    </Form.List>
  );
}
