import { useState, type ReactNode } from 'react';
import { Alert, Button, DatePicker, Descriptions, Empty, Form, Radio, Select, Spin, type ButtonProps } from 'antd';
import { ExperimentOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SELECTION_MODES, selectionSettingsSchema, type DeclarationOptions, type SelectionMode, type SelectionSettings } from '@campus/contract';
import { drawLottery, electiveKeys, fetchSelectionSettings, saveSelectionSettings } from '../../../api/electives.ts';
import { feedback } from '../../../app/feedback.ts';
import { ModeTag, PhaseTag, byName, schemaRule } from '../common/parts.tsx';

/** The school's clock, to the minute, as the contract has it. */
export const SCHOOL_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

interface SettingsValues {
  selectionStart?: string;
  selectionEnd?: string;
  mode?: SelectionMode;
}

/** A time kept as the school's string in the form, shown as a Dayjs by the picker. */
const timeField = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value, SCHOOL_TIME_FORMAT) : null }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(SCHOOL_TIME_FORMAT) : undefined),
};

/** Whether a lottery term can be drawn now: after its window, once. */
export const drawable = (settings: SelectionSettings | null) => !!settings && settings.mode === 'lottery' && settings.phase === 'closed' && !settings.drawnAt;

/**
 * A term's selection: its window and how places are given, where it stands, and for a lottery term the draw
 * after the window. The mode is fixed once students have chosen (the server refuses the change).
 */
export function SettingsPanel({ options, phone }: { options: DeclarationOptions; phone: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<number | undefined>();
  const termId = picked ?? options.terms.find((term) => term.isCurrent)?.id ?? options.terms[0]?.id;
  const settings = useQuery({
    queryKey: electiveKeys.settings(termId),
    queryFn: ({ signal }) => fetchSelectionSettings(termId!, signal),
    enabled: !!termId,
  });
  const [drawResult, setDrawResult] = useState<{ termId: number; msg: string } | null>(null);
  const current = settings.data ?? null;

  const refresh = () => void queryClient.invalidateQueries({ queryKey: electiveKeys.all });

  const confirmDraw = () => {
    if (!termId || !current) return;
    feedback().modal.confirm({
      title: t('electiveApprove.drawTitle', { term: current.termName }),
      content: t('electiveApprove.drawConfirm'),
      okText: t('electiveApprove.draw'),
      cancelText: t('manage.cancel'),
      okButtonProps: { 'data-testid': 'elective-draw-ok' } as ButtonProps,
      onOk: async () => {
        try {
          const msg = await drawLottery(termId);
          feedback().message.success(msg || t('electiveApprove.drawDone'));
          setDrawResult({ termId, msg: msg || t('electiveApprove.drawDone') });
        } catch {
          // The request client has shown why (too early, drawn already).
        } finally {
          refresh();
        }
      },
    });
  };

  return (
    <div className="elective-settings" data-testid="elective-settings">
      <div className="elective-bar">
        <span className="elective-muted">{t('electiveUi.term')}</span>
        <Select
          value={termId}
          onChange={setPicked}
          options={byName(options.terms)}
          className="elective-term-select"
          placeholder={t('electiveUi.chooseTerm')}
          data-testid="elective-settings-term"
        />
      </div>
      {!termId ? (
        <Empty description={t('electiveUi.noTerms')} />
      ) : settings.isPending ? (
        <div className="elective-loading">
          <Spin />
        </div>
      ) : (
        <>
          <Descriptions
            size="small"
            bordered
            column={phone ? 1 : 4}
            className="elective-settings-facts"
            items={[
              { key: 'phase', label: t('electiveUi.phaseLabel'), children: <PhaseTag phase={current?.phase ?? 'none'} testId="elective-settings-phase" /> },
              { key: 'mode', label: t('electiveUi.modeLabel'), children: current ? <ModeTag mode={current.mode} /> : '—' },
              { key: 'enrolled', label: t('electiveApprove.enrolledCount'), children: <span data-testid="elective-settings-enrolled">{current?.enrolled ?? 0}</span> },
              { key: 'waiting', label: t('electiveApprove.waitingCount'), children: <span data-testid="elective-settings-waiting">{current?.waiting ?? 0}</span> },
              ...(current?.drawnAt ? [{ key: 'drawnAt', label: t('electiveApprove.drawnAt'), children: current.drawnAt }] : []),
            ]}
            data-testid="elective-settings-facts"
          />
          {drawResult?.termId === termId && <Alert type="success" showIcon closable={{ onClose: () => setDrawResult(null) }} title={drawResult.msg} data-testid="elective-draw-result" />}
          <SettingsForm
            key={`${termId}:${settings.dataUpdatedAt}`}
            termId={termId}
            current={current}
            onSaved={refresh}
            extra={
              drawable(current) && (
                <Button icon={<ExperimentOutlined />} onClick={confirmDraw} data-testid="elective-draw">
                  {t('electiveApprove.draw')}
                </Button>
              )
            }
          />
          {current?.mode === 'lottery' && !current.drawnAt && current.phase !== 'closed' && <Alert type="info" showIcon title={t('electiveApprove.drawLater')} />}
        </>
      )}
    </div>
  );
}

interface SettingsFormProps {
  termId: number;
  current: SelectionSettings | null;
  onSaved: () => void;
  /** More buttons beside Save (the draw). */
  extra?: ReactNode;
}

/** The window's two ends and the mode; keyed by the term and its last read, so it starts from what was saved. */
function SettingsForm({ termId, current, onSaved, extra }: SettingsFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingsValues>();
  const [saving, setSaving] = useState(false);
  const chosen = !!current && current.enrolled + current.waiting > 0;
  const initialValues: SettingsValues = current ? { selectionStart: current.selectionStart, selectionEnd: current.selectionEnd, mode: current.mode } : { mode: 'first_come' };
  const body = (values: SettingsValues) => ({ termId, selectionStart: values.selectionStart ?? '', selectionEnd: values.selectionEnd ?? '', mode: values.mode ?? 'first_come' });
  const rule = (field: keyof SettingsValues) => [schemaRule(selectionSettingsSchema, () => body(form.getFieldsValue(true) as SettingsValues), [field])];

  const save = async () => {
    let values: SettingsValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const msg = await saveSelectionSettings(body(values));
      feedback().message.success(msg || t('elective.saved'));
      onSaved();
    } catch {
      // The request client has shown the server's message (the mode locked, a drawn term).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<SettingsValues> form={form} layout="vertical" initialValues={initialValues} className="elective-settings-form">
      <div className="elective-form-grid">
        <Form.Item name="selectionStart" label={t('electiveApprove.start')} required rules={rule('selectionStart')} {...timeField}>
          <DatePicker showTime={{ format: 'HH:mm' }} format={SCHOOL_TIME_FORMAT} style={{ width: '100%' }} data-testid="elective-settings-start" />
        </Form.Item>
        <Form.Item name="selectionEnd" label={t('electiveApprove.end')} required dependencies={['selectionStart']} rules={rule('selectionEnd')} {...timeField}>
          <DatePicker showTime={{ format: 'HH:mm' }} format={SCHOOL_TIME_FORMAT} style={{ width: '100%' }} data-testid="elective-settings-end" />
        </Form.Item>
        <Form.Item name="mode" label={t('electiveUi.modeLabel')} required rules={rule('mode')} className="elective-form-wide" extra={chosen ? t('elective.settingsLocked') : t('electiveApprove.modeHint')}>
          <Radio.Group
            disabled={chosen}
            options={SELECTION_MODES.map((mode) => ({ value: mode, label: t(`electiveUi.mode.${mode}`) }))}
            data-testid="elective-settings-mode"
          />
        </Form.Item>
      </div>
      <div className="elective-settings-actions">
        <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="elective-settings-save">
          {t('manage.save')}
        </Button>
        {extra}
      </div>
    </Form>
  );
}
