import { useEffect, useMemo } from 'react';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Select, Switch, Table, type FormInstance, type TableColumnsType } from 'antd';
import type { FormListFieldData, FormListProps, RuleObject } from 'antd/es/form';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  EVALUATION_ITEM_KINDS,
  EVALUATION_ITEM_NAME_MAX,
  EVALUATION_ITEMS_MAX,
  EVALUATION_OPTION_MAX,
  EVALUATION_OPTIONS_MAX,
  EVALUATION_OPTIONS_MIN,
  EVALUATION_PRECISION_MAX,
  EVALUATION_REMARKS_MAX,
  EVALUATION_TEXT_MAX,
  EVALUATION_THEME_NAME_MAX,
  EVALUATION_THEME_TYPES,
  type EvaluationItemKind,
  type EvaluationTheme,
} from '@campus/contract';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog, type FormMode } from '../../../components/ManagePage/index.ts';
import { currentLanguage, t as translate } from '../../../i18n/index.ts';
import { saveTheme, type GradeChoice } from './termMaintainCalls.ts';
import { kindDefaults, newItem, newThemeValues, themeBody, themeMessages, themeValues, type ItemValues, type ThemeFormValues } from './themeModel.ts';

const DATE_FORMAT = 'YYYY-MM-DD';

/** The period as two date strings in the form, as a pair of Dayjs in the RangePicker. */
const periodField = {
  getValueProps: (value: ThemeFormValues['period']) => ({ value: value ? ([value[0] ? dayjs(value[0]) : null, value[1] ? dayjs(value[1]) : null] as const) : null }),
  normalize: (value: [Dayjs | null, Dayjs | null] | null | undefined) => (value ? [value[0]?.format(DATE_FORMAT), value[1]?.format(DATE_FORMAT)] : undefined),
};

/** A cleared number goes as undefined (the body sends null for it, which the schema refuses where needed). */
const noNull = (value: number | null | undefined) => value ?? undefined;

/** A rule of a field or of the items as a whole (a validator, nothing else). */
type ValidatorRule = NonNullable<FormListProps['rules']>[number];

/** A rule with the contract schema's message for one path of the form ('name', 'period', 'items.2.max', ...). */
function pathRule(form: FormInstance, termId: number, path: string): ValidatorRule {
  return {
    validator: async () => {
      const message = themeMessages(form.getFieldsValue(true) as ThemeFormValues, termId).get(path);
      if (message) throw new Error(translate(message));
    },
  };
}

export interface ThemeDialogState {
  mode: FormMode;
  theme?: EvaluationTheme;
}

export interface ThemeDialogProps {
  /** The dialog's mode and, to modify, the theme; null: closed. */
  dialog: ThemeDialogState | null;
  /** The term a new theme is added to (a theme being modified keeps its own). */
  termId: number | undefined;
  termName: string;
  grades: readonly GradeChoice[];
  /** The grades could not be loaded: only those the term's themes name are offered. */
  gradesMissing?: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or modify an evaluation theme: name, type, grades, filling period, remarks and its content items. */
export function ThemeDialog({ dialog, termId, termName, grades, gradesMissing, onClose, onSaved }: ThemeDialogProps) {
  const { t } = useTranslation();
  const theme = dialog?.theme;
  const mode = dialog?.mode ?? 'add';
  const term = theme?.termId ?? termId ?? 0;
  const initialValues = useMemo(() => (theme ? themeValues(theme) : newThemeValues()), [theme]);
  // A grade the theme names stays choosable even when the school's list lacks it.
  const gradeOptions = useMemo(() => {
    const list = grades.map((grade) => ({ value: grade.id, label: grade.name }));
    theme?.gradeIds.forEach((id, index) => {
      if (!list.some((option) => option.value === id)) list.push({ value: id, label: theme.gradeNames[index] ?? String(id) });
    });
    return list;
  }, [grades, theme]);

  return (
    <FormDialog<ThemeFormValues>
      open={!!dialog}
      mode={mode}
      title={t(mode === 'add' ? 'termMaintainPage.addTitle' : mode === 'edit' ? 'termMaintainPage.editTitle' : 'termMaintainPage.viewTitle')}
      initialValues={initialValues}
      // The items' table needs the room of its settings.
      width={currentLanguage() === 'en' ? 1060 : 980}
      onClose={onClose}
      onSubmit={async (values) => {
        const body = themeBody(values, term, mode === 'edit' ? theme?.id : undefined);
        const msg = await saveTheme(body);
        feedback().message.success(msg || t('termMaintainPage.saved', { name: body.name }));
        onSaved();
      }}
      data-testid="evaluation-theme-dialog"
    >
      {(form) => <ThemeFields form={form} termId={term} termName={theme ? '' : termName} gradeOptions={gradeOptions} gradesMissing={gradesMissing} mode={mode} theme={theme} />}
    </FormDialog>
  );
}

interface ThemeFieldsProps {
  form: FormInstance<ThemeFormValues>;
  termId: number;
  termName: string;
  gradeOptions: { value: number; label: string }[];
  gradesMissing?: boolean;
  mode: FormMode;
  theme?: EvaluationTheme;
}

function ThemeFields({ form, termId, termName, gradeOptions, gradesMissing, mode, theme }: ThemeFieldsProps) {
  const { t } = useTranslation();
  const values = Form.useWatch([], { form, preserve: true });
  const rule = (path: string) => [pathRule(form, termId, path)];

  // A change elsewhere may settle or raise a field's message (min and max, the period's ends, names twice):
  // the fields touched or showing a message are checked again with every change.
  useEffect(() => {
    const plain = form as FormInstance;
    const names = plain
      .getFieldsError()
      .filter((field) => field.errors.length > 0 || plain.isFieldTouched(field.name))
      .map((field) => field.name);
    if (names.length) plain.validateFields(names).catch(() => undefined);
  }, [values, form]);

  return (
    <div className="evaluation-theme-form">
      {theme?.released && <Alert className="evaluation-theme-form-wide" type="info" showIcon title={t('termMaintainPage.releasedNote')} data-testid="evaluation-theme-released-note" />}
      {gradesMissing && <Alert className="evaluation-theme-form-wide" type="warning" showIcon title={t('termMaintainPage.gradesMissing')} data-testid="evaluation-theme-grades-missing" />}
      {termName && (
        <div className="evaluation-theme-form-wide evaluation-theme-term" data-testid="evaluation-theme-term">
          {t('termMaintainPage.termOfTheme', { term: termName })}
        </div>
      )}
      <Form.Item name="name" label={t('termMaintainPage.col.name')} required rules={rule('name')}>
        <Input maxLength={EVALUATION_THEME_NAME_MAX} placeholder={t('termMaintainPage.namePlaceholder')} data-testid="evaluation-theme-name" />
      </Form.Item>
      <Form.Item name="type" label={t('termMaintainPage.col.type')} required rules={rule('type')}>
        <Select
          options={EVALUATION_THEME_TYPES.map((type) => ({ value: type, label: t(`termMaintainPage.type.${type}`) }))}
          placeholder={t('termMaintainPage.typePlaceholder')}
          data-testid="evaluation-theme-type"
        />
      </Form.Item>
      <Form.Item name="gradeIds" label={t('termMaintainPage.col.grades')} required rules={rule('gradeIds')}>
        <Select mode="multiple" allowClear options={gradeOptions} optionFilterProp="label" placeholder={t('termMaintainPage.gradesPlaceholder')} data-testid="evaluation-theme-grades" />
      </Form.Item>
      <Form.Item name="period" label={t('termMaintainPage.col.period')} required rules={rule('period')} {...periodField}>
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          allowEmpty={[true, true]}
          placeholder={[t('termMaintainPage.periodStart'), t('termMaintainPage.periodEnd')]}
          style={{ width: '100%' }}
          data-testid="evaluation-theme-period"
        />
      </Form.Item>
      <div className="evaluation-theme-form-wide">
        <ItemsEditor form={form} termId={termId} mode={mode} />
      </div>
      <Form.Item name="remarks" label={t('termMaintainPage.remarks')} rules={rule('remarks')} className="evaluation-theme-form-wide">
        <Input.TextArea maxLength={EVALUATION_REMARKS_MAX} rows={2} showCount data-testid="evaluation-theme-remarks" />
      </Form.Item>
    </div>
  );
}

/** Separators that split a typed list of options: commas and semicolons, both half and full width. */
const OPTION_SEPARATORS = [',', ';', '\uff0c', '\uff1b', '\u3001'];

interface ItemsEditorProps {
  form: FormInstance<ThemeFormValues>;
  termId: number;
  mode: FormMode;
}

/** The content items as an editable table: name, kind, required and the kind's settings; added, removed and moved. */
function ItemsEditor({ form, termId, mode }: ItemsEditorProps) {
  const { t } = useTranslation();
  const editable = mode !== 'view';
  const listRule: ValidatorRule = pathRule(form, termId, 'items');

  return (
    <Form.List name="items" rules={[listRule]}>
      {(fields, { add, remove, move }, { errors }) => {
        const at = (field: FormListFieldData, part: keyof ItemValues) => `items.${field.name}.${part}`;
        const rule = (field: FormListFieldData, part: keyof ItemValues): RuleObject[] => [pathRule(form, termId, at(field, part))];

        /** A new kind takes its default settings where the item has none yet. */
        const onKind = (field: FormListFieldData, kind: EvaluationItemKind) => {
          const item = (form.getFieldValue(['items', field.name]) as ItemValues | undefined) ?? {};
          form.setFieldValue(['items', field.name], { ...item, kind, ...kindDefaults(kind, item) });
        };

        const settings = (field: FormListFieldData) => {
          const kind = form.getFieldValue(['items', field.name, 'kind']) as EvaluationItemKind | undefined;
          if (kind === 'text') {
            return (
              <Form.Item name={[field.name, 'maxLength']} label={t('termMaintainPage.item.maxLength')} rules={rule(field, 'maxLength')} normalize={noNull} className="evaluation-item-setting">
                <InputNumber step={10} precision={0} style={{ width: 110 }} placeholder={`1-${EVALUATION_TEXT_MAX}`} data-testid={`evaluation-item-maxLength-${field.name}`} />
              </Form.Item>
            );
          }
          if (kind === 'number') {
            return (
              <div className="evaluation-item-settings">
                <Form.Item name={[field.name, 'min']} label={t('termMaintainPage.item.min')} rules={rule(field, 'min')} normalize={noNull} className="evaluation-item-setting">
                  <InputNumber style={{ width: 96 }} data-testid={`evaluation-item-min-${field.name}`} />
                </Form.Item>
                <Form.Item name={[field.name, 'max']} label={t('termMaintainPage.item.max')} rules={rule(field, 'max')} normalize={noNull} className="evaluation-item-setting">
                  <InputNumber style={{ width: 96 }} data-testid={`evaluation-item-max-${field.name}`} />
                </Form.Item>
                <Form.Item name={[field.name, 'precision']} label={t('termMaintainPage.item.precision')} rules={rule(field, 'precision')} className="evaluation-item-setting">
                  <Select
                    style={{ width: 110 }}
                    options={Array.from({ length: EVALUATION_PRECISION_MAX + 1 }, (_, places) => ({ value: places, label: t('termMaintainPage.item.decimals', { places }) }))}
                    data-testid={`evaluation-item-precision-${field.name}`}
                  />
                </Form.Item>
              </div>
            );
          }
          if (kind === 'enum') {
            return (
              <Form.Item
                name={[field.name, 'options']}
                label={t('termMaintainPage.item.options')}
                rules={rule(field, 'options')}
                className="evaluation-item-setting evaluation-item-options"
                extra={editable ? t('termMaintainPage.item.optionsHint', { min: EVALUATION_OPTIONS_MIN, max: EVALUATION_OPTIONS_MAX, length: EVALUATION_OPTION_MAX }) : undefined}
              >
                <Select
                  mode="tags"
                  open={false}
                  suffixIcon={null}
                  tokenSeparators={OPTION_SEPARATORS}
                  placeholder={t('termMaintainPage.item.optionsPlaceholder')}
                  style={{ minWidth: 260 }}
                  data-testid={`evaluation-item-options-${field.name}`}
                />
              </Form.Item>
            );
          }
          return null;
        };

        const columns: TableColumnsType<FormListFieldData> = [
          { key: 'index', title: '#', width: 40, render: (_, field) => <span className="evaluation-muted">{field.name + 1}</span> },
          {
            key: 'name',
            title: t('termMaintainPage.item.name'),
            width: 180,
            render: (_, field) => (
              <>
                {/* An existing item's id travels with it (moved, sent back) so that its answers stay with it. */}
                <Form.Item name={[field.name, 'id']} hidden noStyle>
                  <Input type="hidden" />
                </Form.Item>
                <Form.Item name={[field.name, 'name']} rules={rule(field, 'name')}>
                  <Input maxLength={EVALUATION_ITEM_NAME_MAX} aria-label={t('termMaintainPage.item.name')} data-testid={`evaluation-item-name-${field.name}`} />
                </Form.Item>
              </>
            ),
          },
          {
            key: 'kind',
            title: t('termMaintainPage.item.kind'),
            width: 110,
            render: (_, field) => (
              <Form.Item name={[field.name, 'kind']} rules={rule(field, 'kind')}>
                <Select
                  options={EVALUATION_ITEM_KINDS.map((kind) => ({ value: kind, label: t(`termMaintainPage.kind.${kind}`) }))}
                  onChange={(kind: EvaluationItemKind) => onKind(field, kind)}
                  aria-label={t('termMaintainPage.item.kind')}
                  data-testid={`evaluation-item-kind-${field.name}`}
                />
              </Form.Item>
            ),
          },
          {
            key: 'required',
            title: t('termMaintainPage.item.required'),
            width: 70,
            render: (_, field) => (
              <Form.Item name={[field.name, 'required']} valuePropName="checked">
                <Switch size="small" aria-label={t('termMaintainPage.item.required')} data-testid={`evaluation-item-required-${field.name}`} />
              </Form.Item>
            ),
          },
          {
            key: 'settings',
            title: t('termMaintainPage.item.settings'),
            // Drawn again as soon as the item's kind changes.
            render: (_, field) => (
              <Form.Item noStyle dependencies={[['items', field.name, 'kind']]}>
                {() => settings(field)}
              </Form.Item>
            ),
          },
        ];
        if (editable) {
          columns.push({
            key: 'actions',
            width: 112,
            render: (_, field, index) => (
              <div className="evaluation-item-actions">
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={t('termMaintainPage.item.up')}
                  title={t('termMaintainPage.item.up')}
                  data-testid={`evaluation-item-up-${field.name}`}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={t('termMaintainPage.item.down')}
                  title={t('termMaintainPage.item.down')}
                  data-testid={`evaluation-item-down-${field.name}`}
                />
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => remove(field.name)}
                  aria-label={t('termMaintainPage.item.remove')}
                  title={t('termMaintainPage.item.remove')}
                  data-testid={`evaluation-item-remove-${field.name}`}
                />
              </div>
            ),
          });
        }
        return (
          <div className="evaluation-items" data-testid="evaluation-theme-items">
            <div className="evaluation-items-label">{t('termMaintainPage.items')}</div>
            <Table<FormListFieldData>
              size="small"
              bordered
              rowKey="key"
              pagination={false}
              dataSource={fields}
              columns={columns}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('termMaintainPage.noItems') }}
            />
            <Form.ErrorList errors={errors} />
            {editable && (
              <Button
                className="evaluation-items-add"
                type="dashed"
                block
                icon={<PlusOutlined />}
                disabled={fields.length >= EVALUATION_ITEMS_MAX}
                onClick={() => add(newItem())}
                data-testid="evaluation-item-add"
              >
                {t('termMaintainPage.addItem', { max: EVALUATION_ITEMS_MAX })}
              </Button>
            )}
          </div>
        );
      }}
    </Form.List>
  );
}
