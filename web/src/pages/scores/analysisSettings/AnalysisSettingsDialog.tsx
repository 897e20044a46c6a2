import { useEffect, useState } from 'react';
import { Alert, Button, Form, InputNumber, Modal, Radio, Table, type TableColumnsType } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { analysisSettingsSaveSchema, type AnalysisSettingsBatch, type AnalysisSettingsSave, type AnalysisSettingsSubject } from '@campus/contract';
import { feedback } from '../../../app/feedback.ts';
import { currentLanguage, t as translate } from '../../../i18n/index.ts';
import { saveAnalysisSettings } from './analysisSettingsCalls.ts';

/** The three percents, in the order of the lines. */
export const PERCENT_FIELDS = ['passPercent', 'goodPercent', 'excellentPercent'] as const;
export type PercentField = (typeof PERCENT_FIELDS)[number];

/** The dialog's values; a percent stays undefined until given. */
export interface LinesFormValues {
  custom: boolean;
  passPercent?: number;
  goodPercent?: number;
  excellentPercent?: number;
}

/** The percents offered when an exam on the score systems' lines switches to its own. */
export const DEFAULT_PERCENTS = { passPercent: 60, goodPercent: 75, excellentPercent: 90 } as const;

/** A number as the page shows it: at most two decimals, no float noise. */
export const showNumber = (value: number) => String(Math.round(value * 100) / 100);

/** Whether a percent is one the contract takes: a whole number from 1 to 100. */
export const validPercent = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 100;

/** A line from a percent of the full mark (full mark × percent / 100, two decimals at most); undefined for a percent not valid. */
export const lineOf = (fullMark: number, percent: number | undefined): number | undefined =>
  validPercent(percent) ? Math.round(fullMark * percent) / 100 : undefined;

/** The values a dialog opens with: the exam's percents, or the defaults to start from on the score systems' lines. */
export function initialLines(batch: Pick<AnalysisSettingsBatch, 'custom' | 'passPercent' | 'goodPercent' | 'excellentPercent'>): LinesFormValues {
  if (!batch.custom) return { custom: false, ...DEFAULT_PERCENTS };
  return {
    custom: true,
    passPercent: batch.passPercent ?? DEFAULT_PERCENTS.passPercent,
    goodPercent: batch.goodPercent ?? DEFAULT_PERCENTS.goodPercent,
    excellentPercent: batch.excellentPercent ?? DEFAULT_PERCENTS.excellentPercent,
  };
}

/** The body of the save call: the percents only with custom lines (the schema refuses those missing or out of order). */
export function linesBody(batchId: number, values: Partial<LinesFormValues> | undefined): AnalysisSettingsSave {
  if (!values?.custom) return { batchId, custom: false };
  return { batchId, custom: true, passPercent: values.passPercent, goodPercent: values.goodPercent, excellentPercent: values.excellentPercent };
}

/**
 * The catalogue key the contract gives a percent, as the server would: its range, the order of the three
 * (reported at the good line), or a percent missing with custom lines (each missing one, not the first only).
 */
export function percentMessage(batchId: number, values: Partial<LinesFormValues> | undefined, field: PercentField): string | undefined {
  if (!values?.custom) return undefined;
  if (values[field] === undefined) return 'analysisSettings.percentRange';
  const result = analysisSettingsSaveSchema.safeParse(linesBody(batchId, values));
  const issue = result.success ? undefined : result.error.issues.find((item) => item.path.length === 1 && item.path[0] === field);
  return issue?.message;
}

/** A cleared number goes as undefined (the schema reads it as missing). */
const noNull = (value: number | null | undefined) => value ?? undefined;

/** One subject's row in the preview: the lines the analysis would count against. */
export interface PreviewRow {
  courseId: number;
  courseName: string;
  fullMark: number;
  /** undefined: not known yet (a percent not valid). */
  passLine?: number;
  goodLine?: number;
  excellentLine?: number;
}

/** The preview of each subject's lines: the percents applied to its full mark with custom lines; the score system's lines otherwise. */
export function previewRows(batch: Pick<AnalysisSettingsBatch, 'custom' | 'subjects'>, values: Partial<LinesFormValues> | undefined): PreviewRow[] {
  return batch.subjects.map((subject: AnalysisSettingsSubject) => {
    const row = { courseId: subject.courseId, courseName: subject.courseName, fullMark: subject.fullMark };
    if (values?.custom) {
      return { ...row, passLine: lineOf(subject.fullMark, values.passPercent), goodLine: lineOf(subject.fullMark, values.goodPercent), excellentLine: lineOf(subject.fullMark, values.excellentPercent) };
    }
    return { ...row, passLine: subject.systemPassLine, goodLine: subject.systemGoodLine, excellentLine: subject.systemExcellentLine };
  });
}

export interface AnalysisSettingsDialogProps {
  /** The exam whose lines are set, as it was when the dialog opened; null: closed. */
  batch: AnalysisSettingsBatch | null;
  onClose: () => void;
  /** After a save the server accepted (the dialog closes). */
  onSaved: () => void;
  /** After the server refused (the dialog stays open with what was given). */
  onRefused?: () => void;
}

/** Sets the lines of one exam: the score systems' own, or whole percents of each subject's full mark. */
export function AnalysisSettingsDialog({ batch, onClose, onSaved, onRefused }: AnalysisSettingsDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LinesFormValues>();
  const [saving, setSaving] = useState(false);
  // The exam stays shown while the dialog closes (its closing animation), until another opens.
  const [shown, setShown] = useState(batch);
  if (batch && batch !== shown) setShown(batch);

  useEffect(() => {
    if (!batch) return;
    form.resetFields();
    form.setFieldsValue(initialLines(batch));
  }, [batch, form]);

  const save = async () => {
    if (!batch) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = linesBody(batch.id, form.getFieldsValue(true) as LinesFormValues);
    setSaving(true);
    try {
      const msg = await saveAnalysisSettings(body);
      feedback().message.success(msg || t('analysisSettingsPage.saved', { name: batch.name }));
      onSaved();
      onClose();
    } catch {
      // The request client has shown the server's message; what was given stays to correct.
      onRefused?.();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!batch}
      title={shown ? t('analysisSettingsPage.dialogTitle', { name: shown.name }) : ''}
      onCancel={onClose}
      width={currentLanguage() === 'en' ? 720 : 660}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="analysis-settings-cancel">
          {t('manage.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => void save()} data-testid="analysis-settings-save">
          {t('manage.save')}
        </Button>,
      ]}
    >
      <div data-testid="analysis-settings-dialog">
        {shown && (
          <Form<LinesFormValues> form={form} layout="vertical" className="manage-form analysis-settings-form" initialValues={initialLines(shown)} onFinish={() => void save()}>
            {shown.released && (
              <Alert
                className="analysis-settings-dialog-note"
                type="warning"
                showIcon
                title={t('analysisSettingsPage.releasedNote', { name: shown.name })}
                data-testid="analysis-settings-released-note"
              />
            )}
            <Form.Item name="custom" label={t('analysisSettingsPage.linesLabel')}>
              <Radio.Group
                className="analysis-settings-mode"
                options={[
                  { value: false, label: <span data-testid="analysis-settings-mode-system">{t('analysisSettingsPage.modeSystem')}</span> },
                  { value: true, label: <span data-testid="analysis-settings-mode-custom">{t('analysisSettingsPage.modeCustom')}</span> },
                ]}
                data-testid="analysis-settings-mode"
              />
            </Form.Item>
            <LinesEditor batch={shown} />
          </Form>
        )}
      </div>
    </Modal>
  );
}

/** The three percents (with custom lines) and the preview of each subject's lines. */
function LinesEditor({ batch }: { batch: AnalysisSettingsBatch }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<LinesFormValues>();
  const values = Form.useWatch<LinesFormValues | undefined>([], { form, preserve: true });
  const custom = !!values?.custom;

  /** The contract's message for this percent, in the user's language. */
  const rule = (field: PercentField): RuleObject => ({
    validator: async () => {
      const key = percentMessage(batch.id, form.getFieldsValue(true) as LinesFormValues, field);
      if (key) throw new Error(translate(key));
    },
  });
  const label = (field: PercentField) => t(`analysisSettingsPage.percent.${field}`);

  const line = (value: number | undefined) =>
    value === undefined ? <span className="analysis-settings-muted">{custom ? '—' : t('analysisSettingsPage.systemLine')}</span> : <span className="analysis-settings-number">{showNumber(value)}</span>;
  const columns: TableColumnsType<PreviewRow> = [
    { key: 'courseName', dataIndex: 'courseName', title: t('analysisSettingsPage.col.subject') },
    { key: 'fullMark', dataIndex: 'fullMark', title: t('analysisSettingsPage.col.fullMark'), width: 90, align: 'right', render: (value: number) => <span className="analysis-settings-number">{showNumber(value)}</span> },
    { key: 'passLine', title: t('analysisSettingsPage.col.pass'), width: 110, align: 'right', render: (_: unknown, row) => line(row.passLine) },
    { key: 'goodLine', title: t('analysisSettingsPage.col.good'), width: 110, align: 'right', render: (_: unknown, row) => line(row.goodLine) },
    { key: 'excellentLine', title: t('analysisSettingsPage.col.excellent'), width: 110, align: 'right', render: (_: unknown, row) => line(row.excellentLine) },
  ];

  return (
    <>
      {custom ? (
        <div className="analysis-settings-percents" data-testid="analysis-settings-percents">
          {PERCENT_FIELDS.map((field) => (
            <Form.Item
              key={field}
              name={field}
              label={label(field)}
              rules={[rule(field)]}
              dependencies={field === 'goodPercent' ? ['passPercent', 'excellentPercent'] : undefined}
              normalize={noNull}
              className="analysis-settings-percent"
            >
              <InputNumber min={1} max={100} step={1} suffix="%" style={{ width: '100%' }} aria-label={label(field)} data-testid={`analysis-settings-${field}`} />
            </Form.Item>
          ))}
        </div>
      ) : null}
      <p className="analysis-settings-muted analysis-settings-hint" data-testid="analysis-settings-hint">
        {custom ? t('analysisSettingsPage.customHint') : t('analysisSettingsPage.systemHint')}
      </p>
      <div className="analysis-settings-preview" data-testid="analysis-settings-preview">
        <div className="analysis-settings-preview-label">{t('analysisSettingsPage.preview')}</div>
        <Table<PreviewRow>
          size="small"
          bordered
          rowKey="courseId"
          pagination={false}
          dataSource={previewRows(batch, values)}
          columns={columns}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('analysisSettingsPage.noSubjects') }}
        />
      </div>
    </>
  );
}
