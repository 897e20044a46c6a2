import { useMemo } from 'react';
import { Alert, Form, Input, InputNumber, Select, Switch, type FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { SCORE_FULL_MARK_MAX, SCORE_NAME_MAX, SCORE_REMARKS_MAX, scoreSystemFormSchema, type ScoreSystemRow } from '@campus/contract';
import type { ScoreSystemBody } from '../../../api/scores.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog, type FormMode } from '../../../components/ManagePage/index.ts';
import { t as translate } from '../../../i18n/index.ts';
import { saveScoreSystem } from './scoreCalls.ts';

/** The fields of the dialog; numbers stay undefined until given. */
export interface SystemFormValues {
  name?: string;
  fullMark?: number;
  passLine?: number;
  goodLine?: number;
  excellentLine?: number;
  /** None: the subject's scores are not converted. */
  conversionRuleId?: number;
  enabled?: boolean;
  remarks?: string;
}

/** A new score system: out of 100, passing at 60, good from 80, excellent from 90. */
export const newSystemValues = (): SystemFormValues => ({ fullMark: 100, passLine: 60, goodLine: 80, excellentLine: 90, enabled: true, remarks: '' });

export function systemValues(row: ScoreSystemRow): SystemFormValues {
  return {
    name: row.name,
    fullMark: row.fullMark,
    passLine: row.passLine,
    goodLine: row.goodLine,
    excellentLine: row.excellentLine,
    conversionRuleId: row.conversionRuleId ?? undefined,
    enabled: row.enabled,
    remarks: row.remarks,
  };
}

/** The body of the create call (update adds the id); no rule goes as ''. */
export function systemBody(values: SystemFormValues): ScoreSystemBody {
  return {
    name: values.name?.trim() ?? '',
    fullMark: Number(values.fullMark),
    passLine: Number(values.passLine),
    goodLine: Number(values.goodLine),
    excellentLine: Number(values.excellentLine),
    conversionRuleId: values.conversionRuleId ?? '',
    enabled: values.enabled ?? true,
    remarks: values.remarks?.trim() ?? '',
  };
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The order of the lines (pass, good, excellent, none above the full mark), checked on the line at fault as
 * soon as the numbers involved are given (the schema waits for a valid form and names one field for all).
 */
export function linesMessage(values: SystemFormValues, field: 'passLine' | 'goodLine' | 'excellentLine'): string | undefined {
  const { fullMark, passLine, goodLine, excellentLine } = values;
  if (field === 'passLine' && isNumber(passLine) && isNumber(fullMark) && passLine > fullMark) return 'scoreSystem.passLineOver';
  if (field === 'goodLine' && isNumber(goodLine) && ((isNumber(passLine) && goodLine < passLine) || (isNumber(fullMark) && goodLine > fullMark))) return 'scoreSystem.linesOrder';
  if (field === 'excellentLine' && isNumber(excellentLine) && ((isNumber(goodLine) && excellentLine < goodLine) || (isNumber(fullMark) && excellentLine > fullMark))) return 'scoreSystem.linesOrder';
  return undefined;
}

/** The line-order messages of the schema, shown by `linesMessage` on the line at fault instead. */
const ORDER_MESSAGES = new Set(['scoreSystem.passLineOver', 'scoreSystem.linesOrder']);

/** A field's rule: the contract schema's message for it (but the lines' order), then the lines' order. */
function systemRule(form: FormInstance<SystemFormValues>, field: keyof SystemFormValues): RuleObject {
  return {
    validator: async () => {
      const values = form.getFieldsValue(true) as SystemFormValues;
      const result = scoreSystemFormSchema.safeParse(values);
      const issue = result.success ? undefined : result.error.issues.find((item) => item.path[0] === field && !ORDER_MESSAGES.has(item.message));
      const message = issue?.message ?? (field === 'passLine' || field === 'goodLine' || field === 'excellentLine' ? linesMessage(values, field) : undefined);
      if (message) throw new Error(translate(message));
    },
  };
}

/** A cleared number goes as undefined (not null, which the schema would read as 0). */
const noNull = (value: number | null | undefined) => value ?? undefined;

export interface SystemDialogState {
  mode: FormMode;
  row?: ScoreSystemRow;
}

export interface SystemDialogProps {
  dialog: SystemDialogState | null;
  /** The enabled conversion rules. */
  rules: { id: number; name: string }[];
  onClose: () => void;
  onSaved: () => void;
}

/** Add, modify or view a score system: full mark, its lines, its conversion rule. */
export function SystemDialog({ dialog, rules, onClose, onSaved }: SystemDialogProps) {
  const { t } = useTranslation();
  const row = dialog?.row;
  const mode = dialog?.mode ?? 'add';
  const initialValues = useMemo(() => (row ? systemValues(row) : newSystemValues()), [row]);
  // A disabled rule is no choice for others, but a system keeping it still shows its name.
  const ruleOptions = useMemo(() => {
    const options = rules.map((rule) => ({ value: rule.id, label: rule.name }));
    if (row?.conversionRuleId && !rules.some((rule) => rule.id === row.conversionRuleId)) {
      options.push({ value: row.conversionRuleId, label: row.conversionRuleName || String(row.conversionRuleId) });
    }
    return options;
  }, [rules, row]);
  const fullMarkLocked = mode === 'edit' && !!row?.inUse;
  const lines = ['passLine', 'goodLine', 'excellentLine'] as const;
  const lineLabels = { passLine: t('scoreRulePage.passLine'), goodLine: t('scoreRulePage.goodLine'), excellentLine: t('scoreRulePage.excellentLine') };
  const lineDependencies = { passLine: ['fullMark'], goodLine: ['fullMark', 'passLine'], excellentLine: ['fullMark', 'goodLine'] };

  return (
    <FormDialog<SystemFormValues>
      open={!!dialog}
      mode={mode}
      title={t(mode === 'add' ? 'scoreRulePage.addSystemTitle' : mode === 'edit' ? 'scoreRulePage.editSystemTitle' : 'scoreRulePage.viewSystemTitle')}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (values) => {
        const body = systemBody(values);
        const msg = await saveScoreSystem(mode === 'edit' && row ? { ...body, id: row.id } : body);
        feedback().message.success(msg || t(mode === 'edit' ? 'common.updated' : 'common.created'));
        onSaved();
      }}
      data-testid="score-system-dialog"
    >
      {(form) => (
        <div className="score-form-grid">
          {row?.inUse && <Alert className="score-form-wide" style={{ marginBottom: 16 }} type="info" showIcon title={t('scoreRulePage.systemInUseNote')} data-testid="score-system-in-use-note" />}
          <Form.Item name="name" label={t('scoreSystem.col.name')} required rules={[systemRule(form, 'name')]}>
            <Input maxLength={SCORE_NAME_MAX} placeholder={t('scoreRulePage.systemNamePlaceholder')} data-testid="score-system-form-name" />
          </Form.Item>
          <Form.Item name="fullMark" label={t('scoreSystem.col.fullMark')} required rules={[systemRule(form, 'fullMark')]} normalize={noNull}>
            <InputNumber min={1} max={SCORE_FULL_MARK_MAX} precision={0} disabled={fullMarkLocked} style={{ width: '100%' }} data-testid="score-system-form-full-mark" />
          </Form.Item>
          {lines.map((line) => (
            <Form.Item key={line} name={line} label={lineLabels[line]} required rules={[systemRule(form, line)]} dependencies={lineDependencies[line]} normalize={noNull}>
              <InputNumber min={0} max={SCORE_FULL_MARK_MAX} precision={2} step={0.5} style={{ width: '100%' }} data-testid={`score-system-form-${line}`} />
            </Form.Item>
          ))}
          <Form.Item name="conversionRuleId" label={t('scoreSystem.col.rule')} rules={[systemRule(form, 'conversionRuleId')]} extra={mode === 'view' ? undefined : t('scoreRulePage.ruleHint')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={ruleOptions} placeholder={t('scoreRulePage.noRule')} data-testid="score-system-form-rule" />
          </Form.Item>
          <Form.Item name="enabled" label={t('scoreSystem.col.enabled')} valuePropName="checked">
            <Switch data-testid="score-system-form-enabled" />
          </Form.Item>
          <Form.Item name="remarks" label={t('scoreRule.col.remarks')} rules={[systemRule(form, 'remarks')]} className="score-form-wide">
            <Input.TextArea maxLength={SCORE_REMARKS_MAX} rows={2} data-testid="score-system-form-remarks" />
          </Form.Item>
        </div>
      )}
    </FormDialog>
  );
}
