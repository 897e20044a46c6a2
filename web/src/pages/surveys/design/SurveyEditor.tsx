import { useEffect, useState } from 'react';
import { Alert, Button, Card, DatePicker, Dropdown, Form, Input, InputNumber, Modal, Select, Space, Switch, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  SURVEY_END,
  SURVEY_MATRIX_COLUMNS_MAX,
  SURVEY_MATRIX_ROWS_MAX,
  SURVEY_OPTIONS_MAX,
  SURVEY_QUESTION_KINDS,
  SURVEY_SCALE_MAX,
  SURVEY_SCALE_MIN,
  SURVEY_TEXT_MAX,
  surveyFormSchema,
  type SurveyDetail,
  type SurveyQuestion,
  type SurveyQuestionKind,
} from '@campus/contract';
import { saveSurvey } from '../../../api/surveys.ts';
import { feedback } from '../../../app/feedback.ts';
import { usePhone } from '../../../hooks/usePhone.ts';

const TIME = 'YYYY-MM-DD HH:mm';
let serial = 0;
/** A question key unique within the design (the skips name questions by it). */
const newKey = () => `q${Date.now().toString(36).slice(-6)}${(serial++).toString(36)}`;

export function blankQuestion(kind: SurveyQuestionKind): SurveyQuestion {
  return {
    key: newKey(),
    kind,
    title: '',
    required: true,
    options: kind === 'single' || kind === 'multiple' ? [{ label: '', jumpTo: '' }, { label: '', jumpTo: '' }] : [],
    minPicks: 0,
    maxPicks: 0,
    long: false,
    maxLength: 200,
    scale: 5,
    rows: kind === 'matrix' ? [''] : [],
    columns: kind === 'matrix' ? ['', ''] : [],
  };
}

export type EditorState = { mode: 'add' } | { mode: 'edit'; survey: SurveyDetail };

interface BasicValues {
  title: string;
  description?: string;
  window: [Dayjs, Dayjs];
  anonymous: boolean;
}

/**
 * The survey designer: title, description, time window, anonymous or named, and the questions (single and
 * multiple choice with their picks, text, rating, matrix), each required or not, reordered, copied, and the
 * skips of single choices (to a later question or the end). Once a published survey has answers its
 * questions are shown but locked, and the dialog says so.
 */
export function SurveyEditor({ state, onClose, onSaved }: { state: EditorState | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [form] = Form.useForm<BasicValues>();
  const [questions, setQuestions] = useState<SurveyQuestion[]>([]);
  const [saving, setSaving] = useState(false);
  const locked = state?.mode === 'edit' && !state.survey.questionsEditable;

  useEffect(() => {
    if (!state) return;
    if (state.mode === 'edit') {
      const s = state.survey;
      form.setFieldsValue({ title: s.title, description: s.description, window: [dayjs(s.startsAt), dayjs(s.endsAt)], anonymous: s.anonymous });
      setQuestions(s.questions);
    } else {
      form.setFieldsValue({ title: '', description: '', window: [dayjs().startOf('minute'), dayjs().startOf('hour').add(7, 'day')], anonymous: true });
      setQuestions([blankQuestion('single')]);
    }
  }, [state, form]);

  const change = (index: number, patch: Partial<SurveyQuestion>) => setQuestions((list) => list.map((q, i) => (i === index ? { ...q, ...patch } : q)));
  const move = (index: number, by: number) =>
    setQuestions((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });

  const save = async () => {
    let basic: BasicValues;
    try {
      basic = await form.validateFields();
    } catch {
      return;
    }
    const body = {
      ...(state?.mode === 'edit' ? { id: state.survey.id } : {}),
      title: basic.title,
      description: basic.description ?? '',
      startsAt: basic.window[0].format(TIME),
      endsAt: basic.window[1].format(TIME),
      anonymous: basic.anonymous,
      questions,
    };
    const parsed = surveyFormSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const at = issue.path[0] === 'questions' && typeof issue.path[1] === 'number' ? t('surveys.questionN', { n: issue.path[1] + 1 }) : '';
      feedback().message.error(`${at}${t(issue.message)}`);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveSurvey(body);
      feedback().message.success(saved.msg || t('common.updated'));
      onSaved();
      onClose();
    } catch {
      // The request client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!state}
      title={state?.mode === 'edit' ? t('surveys.editTitle') : t('surveys.addTitle')}
      onCancel={onClose}
      width={phone ? '100%' : 900}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('manage.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={saving} onClick={() => void save()} data-testid="survey-editor-save">
          {t('manage.save')}
        </Button>,
      ]}
    >
      <div data-testid="survey-editor">
        <Form form={form} layout="vertical">
          <Form.Item name="title" label={t('surveys.title')} rules={[{ required: true, whitespace: true, message: t('survey.titleRequired') }]}>
            <Input maxLength={100} data-testid="survey-editor-title" />
          </Form.Item>
          <Form.Item name="description" label={t('surveys.description')}>
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} data-testid="survey-editor-description" />
          </Form.Item>
          <Space wrap size="large">
            <Form.Item name="window" label={t('surveys.windowLabel')} rules={[{ required: true, message: t('survey.timeFormat') }]}>
              <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format={TIME} data-testid="survey-editor-window" />
            </Form.Item>
            <Form.Item name="anonymous" label={t('surveys.anonymousLabel')} valuePropName="checked" extra={t('surveys.anonymousHint')}>
              <Switch disabled={locked} data-testid="survey-editor-anonymous" />
            </Form.Item>
          </Space>
        </Form>
        {locked && <Alert type="warning" showIcon title={t('survey.questionsLocked')} style={{ marginBottom: 12 }} data-testid="survey-editor-locked" />}
        {questions.map((q, index) => (
          <QuestionCard
            key={q.key}
            question={q}
            index={index}
            all={questions}
            locked={locked}
            onChange={(patch) => change(index, patch)}
            onMove={(by) => move(index, by)}
            onCopy={() => setQuestions((list) => [...list.slice(0, index + 1), { ...q, key: newKey(), options: q.options.map((o) => ({ ...o, jumpTo: '' })) }, ...list.slice(index + 1)])}
            onRemove={() => setQuestions((list) => list.filter((_, i) => i !== index))}
          />
        ))}
        {!locked && (
          <Dropdown
            menu={{
              items: SURVEY_QUESTION_KINDS.map((kind) => ({ key: kind, label: <span data-testid={`survey-add-${kind}`}>{t(`survey.kind.${kind}`)}</span> })),
              onClick: ({ key }) => setQuestions((list) => [...list, blankQuestion(key as SurveyQuestionKind)]),
            }}
          >
            <Button icon={<PlusOutlined />} block data-testid="survey-add-question">
              {t('surveys.addQuestion')}
            </Button>
          </Dropdown>
        )}
      </div>
    </Modal>
  );
}

interface QuestionCardProps {
  question: SurveyQuestion;
  index: number;
  all: SurveyQuestion[];
  locked: boolean;
  onChange: (patch: Partial<SurveyQuestion>) => void;
  onMove: (by: number) => void;
  onCopy: () => void;
  onRemove: () => void;
}

function QuestionCard({ question: q, index, all, locked, onChange, onMove, onCopy, onRemove }: QuestionCardProps) {
  const { t } = useTranslation();
  const id = `survey-q${index + 1}`;
  // A skip leads to a later question or the end (the contract checks it again).
  const jumpOptions = [
    { value: '', label: t('surveys.jumpNext') },
    ...all.slice(index + 1).map((target) => ({ value: target.key, label: t('surveys.jumpTo', { n: all.indexOf(target) + 1 }) })),
    { value: SURVEY_END, label: t('surveys.jumpEnd') },
  ];
  const list = (field: 'rows' | 'columns', max: number, label: string) => (
    <div>
      {q[field].map((value, i) => (
        <div className="survey-editor-row" key={i}>
          <Input value={value} maxLength={100} placeholder={`${label} ${i + 1}`} disabled={locked} onChange={(e) => onChange({ [field]: q[field].map((v, j) => (j === i ? e.target.value : v)) })} data-testid={`${id}-${field}-${i}`} />
          {!locked && <Button type="text" icon={<MinusCircleOutlined />} onClick={() => onChange({ [field]: q[field].filter((_, j) => j !== i) })} aria-label={t('surveys.remove')} />}
        </div>
      ))}
      {!locked && q[field].length < max && (
        <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => onChange({ [field]: [...q[field], ''] })} data-testid={`${id}-add-${field}`}>
          {label}
        </Button>
      )}
    </div>
  );
  return (
    <Card
      size="small"
      className="survey-editor-question"
      data-testid={id}
      title={`${index + 1}. ${t(`survey.kind.${q.kind}`)}`}
      extra={
        !locked && (
          <Space size={0}>
            <Tooltip title={t('surveys.moveUp')}>
              <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => onMove(-1)} aria-label={t('surveys.moveUp')} data-testid={`${id}-up`} />
            </Tooltip>
            <Tooltip title={t('surveys.moveDown')}>
              <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={index === all.length - 1} onClick={() => onMove(1)} aria-label={t('surveys.moveDown')} data-testid={`${id}-down`} />
            </Tooltip>
            <Tooltip title={t('surveys.copyQuestion')}>
              <Button type="text" size="small" icon={<CopyOutlined />} onClick={onCopy} aria-label={t('surveys.copyQuestion')} data-testid={`${id}-copy`} />
            </Tooltip>
            <Tooltip title={t('surveys.remove')}>
              <Button type="text" size="small" danger icon={<DeleteOutlined />} disabled={all.length === 1} onClick={onRemove} aria-label={t('surveys.remove')} data-testid={`${id}-remove`} />
            </Tooltip>
          </Space>
        )
      }
    >
      <div className="survey-editor-row">
        <Input value={q.title} maxLength={200} placeholder={t('surveys.questionText')} disabled={locked} onChange={(e) => onChange({ title: e.target.value })} data-testid={`${id}-title`} />
        <Switch checked={q.required} disabled={locked} onChange={(required) => onChange({ required })} checkedChildren={t('surveys.required')} unCheckedChildren={t('surveys.optional')} data-testid={`${id}-required`} />
      </div>
      {(q.kind === 'single' || q.kind === 'multiple') && (
        <div>
          {q.options.map((option, i) => (
            <div className="survey-editor-row" key={i}>
              <Input
                value={option.label}
                maxLength={100}
                placeholder={t('surveys.optionN', { n: i + 1 })}
                disabled={locked}
                onChange={(e) => onChange({ options: q.options.map((o, j) => (j === i ? { ...o, label: e.target.value } : o)) })}
                data-testid={`${id}-option-${i}`}
              />
              {q.kind === 'single' && (
                <Select
                  value={option.jumpTo}
                  options={jumpOptions}
                  disabled={locked}
                  style={{ width: 180 }}
                  onChange={(jumpTo: string) => onChange({ options: q.options.map((o, j) => (j === i ? { ...o, jumpTo } : o)) })}
                  data-testid={`${id}-jump-${i}`}
                />
              )}
              {!locked && q.options.length > 2 && (
                <Button type="text" icon={<MinusCircleOutlined />} onClick={() => onChange({ options: q.options.filter((_, j) => j !== i) })} aria-label={t('surveys.remove')} />
              )}
            </div>
          ))}
          {!locked && q.options.length < SURVEY_OPTIONS_MAX && (
            <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => onChange({ options: [...q.options, { label: '', jumpTo: '' }] })} data-testid={`${id}-add-option`}>
              {t('surveys.addOption')}
            </Button>
          )}
          {q.kind === 'multiple' && (
            <Space wrap style={{ marginTop: 8 }}>
              {t('surveys.minPicks')}
              <InputNumber min={0} max={q.options.length} value={q.minPicks} disabled={locked} onChange={(v) => onChange({ minPicks: Number(v ?? 0) })} />
              {t('surveys.maxPicks')}
              <InputNumber min={0} max={q.options.length} value={q.maxPicks} disabled={locked} onChange={(v) => onChange({ maxPicks: Number(v ?? 0) })} />
              <span className="ant-form-item-extra">{t('surveys.picksZero')}</span>
            </Space>
          )}
        </div>
      )}
      {q.kind === 'text' && (
        <Space wrap>
          <Switch checked={q.long} disabled={locked} onChange={(long) => onChange({ long, maxLength: long ? Math.max(q.maxLength, 500) : Math.min(q.maxLength, 200) })} checkedChildren={t('surveys.long')} unCheckedChildren={t('surveys.short')} />
          {t('surveys.maxLength')}
          <InputNumber min={1} max={SURVEY_TEXT_MAX} value={q.maxLength} disabled={locked} onChange={(v) => onChange({ maxLength: Number(v ?? 200) })} />
        </Space>
      )}
      {q.kind === 'rating' && (
        <Space wrap>
          {t('surveys.scale')}
          <InputNumber min={SURVEY_SCALE_MIN} max={SURVEY_SCALE_MAX} value={q.scale} disabled={locked} onChange={(v) => onChange({ scale: Number(v ?? 5) })} data-testid={`${id}-scale`} />
        </Space>
      )}
      {q.kind === 'matrix' && (
        <Space align="start" wrap size="large">
          {list('rows', SURVEY_MATRIX_ROWS_MAX, t('surveys.row'))}
          {list('columns', SURVEY_MATRIX_COLUMNS_MAX, t('surveys.column'))}
        </Space>
      )}
    </Card>
  );
}
