import { useMemo } from 'react';
import { DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SHIFT_MODES, SHIFT_SCHEMES, shiftBatchFormSchema, type ShiftBatchForm, type ShiftBatchRow, type ShiftOptions } from '@campus/contract';
import { saveBatch } from '../../../api/shiftClasses.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { SCHOOL_TIME_FORMAT } from '../approval/SettingsPanel.tsx';
import { byName, schemaRule } from '../common/parts.tsx';

/** What the dialog edits: the form, the window as 'YYYY-MM-DD HH:mm'. */
type Values = Partial<ShiftBatchForm>;

const timeField = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value, SCHOOL_TIME_FORMAT) : null }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(SCHOOL_TIME_FORMAT) : undefined),
};

export interface BatchDialogProps {
  /** The batch changed; null with `open`: a new one. */
  row: ShiftBatchRow | null;
  open: boolean;
  options: ShiftOptions;
  onClose: () => void;
  onSaved: () => void;
}

const toValues = (row: ShiftBatchRow | null, options: ShiftOptions): Values =>
  row
    ? {
        id: row.id,
        termId: row.termId,
        gradeId: row.gradeId,
        name: row.name,
        scheme: row.scheme,
        mode: row.mode,
        choiceStart: row.choiceStart,
        choiceEnd: row.choiceEnd,
        minClassSize: row.minClassSize,
        maxClassSize: row.maxClassSize,
        blockCount: row.blockCount,
      }
    : { termId: options.terms.find((term) => term.isCurrent)?.id, scheme: '312', mode: 'full', minClassSize: 40, maxClassSize: 50, blockCount: 3 };

/** Adds or changes a batch: term, grade, name, 3+1+2 or 3+3, full shifting or fix two, the window, sizes, blocks. */
export function BatchDialog({ row, open, options, onClose, onSaved }: BatchDialogProps) {
  const { t } = useTranslation();
  // One object per opening: the dialog fills its form again whenever this changes.
  const initialValues = useMemo(() => toValues(row, options), [row, options]);
  return (
    <FormDialog<Values>
      open={open}
      mode={row ? 'edit' : 'add'}
      title={t(row ? 'shiftUi.batch.editTitle' : 'shiftUi.batch.addTitle')}
      initialValues={initialValues}
      onSubmit={async (values) => {
        const { msg } = await saveBatch(values as ShiftBatchForm);
        feedback().message.success(msg || t('shift.saved'));
        onSaved();
      }}
      onClose={onClose}
      data-testid="shift-batch-dialog"
    >
      {(form) => {
        const rule = (field: keyof ShiftBatchForm) => [schemaRule(shiftBatchFormSchema, () => form.getFieldsValue(true), [field])];
        return (
          <div className="elective-form-grid">
            <Form.Item name="termId" label={t('shiftUi.col.term')} required rules={rule('termId')}>
              <Select options={byName(options.terms)} data-testid="shift-batch-term" />
            </Form.Item>
            <Form.Item name="gradeId" label={t('shiftUi.col.grade')} required rules={rule('gradeId')}>
              <Select options={byName(options.grades)} data-testid="shift-batch-grade" />
            </Form.Item>
            <Form.Item name="name" label={t('shiftUi.col.name')} required rules={rule('name')} className="elective-form-wide">
              <Input maxLength={50} data-testid="shift-batch-name" />
            </Form.Item>
            <Form.Item name="scheme" label={t('shiftUi.col.scheme')} required rules={rule('scheme')}>
              <Radio.Group options={SHIFT_SCHEMES.map((scheme) => ({ value: scheme, label: t(`shiftUi.scheme.${scheme}`) }))} data-testid="shift-batch-scheme" />
            </Form.Item>
            <Form.Item name="mode" label={t('shiftUi.col.mode')} required rules={rule('mode')} tooltip={t('shiftUi.batch.modeHint')}>
              <Radio.Group options={SHIFT_MODES.map((mode) => ({ value: mode, label: t(`shiftUi.mode.${mode}`) }))} data-testid="shift-batch-mode" />
            </Form.Item>
            <Form.Item name="choiceStart" label={t('shiftUi.batch.start')} required rules={rule('choiceStart')} {...timeField}>
              <DatePicker showTime={{ format: 'HH:mm' }} format={SCHOOL_TIME_FORMAT} style={{ width: '100%' }} data-testid="shift-batch-start" />
            </Form.Item>
            <Form.Item name="choiceEnd" label={t('shiftUi.batch.end')} required dependencies={['choiceStart']} rules={rule('choiceEnd')} {...timeField}>
              <DatePicker showTime={{ format: 'HH:mm' }} format={SCHOOL_TIME_FORMAT} style={{ width: '100%' }} data-testid="shift-batch-end" />
            </Form.Item>
            <Form.Item name="minClassSize" label={t('shiftUi.batch.minSize')} required rules={rule('minClassSize')}>
              <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} data-testid="shift-batch-min" />
            </Form.Item>
            <Form.Item name="maxClassSize" label={t('shiftUi.batch.maxSize')} required dependencies={['minClassSize']} rules={rule('maxClassSize')}>
              <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} data-testid="shift-batch-max" />
            </Form.Item>
            <Form.Item name="blockCount" label={t('shiftUi.batch.blockCount')} required rules={rule('blockCount')} extra={t('shiftUi.batch.blockCountHint')}>
              <InputNumber min={3} max={8} precision={0} style={{ width: '100%' }} data-testid="shift-batch-blocks" />
            </Form.Item>
          </div>
        );
      }}
    </FormDialog>
  );
}
