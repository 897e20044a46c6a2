import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Input, Radio, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkAnswers, takenPath, type MatrixAnswer, type SurveyAnswers, type SurveyForAnswer, type SurveyQuestion } from '@campus/contract';
import '../surveys.css';

export interface AnswerFormProps {
  survey: SurveyForAnswer;
  /** Sends the sheet; rejects with the server's message (shown above the button). */
  onSubmit?: (answers: SurveyAnswers) => Promise<void>;
  /** The preview: everything works but nothing is sent. */
  preview?: boolean;
}

/** Only the answers of the questions on the taken path: a skip clears what lay behind it. */
export function answersOnPath(questions: readonly SurveyQuestion[], answers: SurveyAnswers): SurveyAnswers {
  const path = new Set(takenPath(questions, answers).map((index) => questions[index]!.key));
  return Object.fromEntries(Object.entries(answers).filter(([key]) => path.has(key)));
}

/**
 * The answering form of a survey (answering from the menu, the public link and the designer's preview alike): one card per
 * question on the respondent's path (a single choice's skip hides what it jumps over), large touch targets
 * for a 390 px phone, the contract's checks before sending (the server checks again).
 */
export function AnswerForm({ survey, onSubmit, preview = false }: AnswerFormProps) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<SurveyAnswers>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [previewDone, setPreviewDone] = useState(false);
  const path = useMemo(() => takenPath(survey.questions, answers), [survey.questions, answers]);

  const set = (key: string, value: SurveyAnswers[string] | undefined) => {
    setProblem(null);
    setAnswers((current) => {
      const next = { ...current };
      if (value === undefined) delete next[key];
      else next[key] = value;
      return next;
    });
  };

  const submit = async () => {
    const sheet = answersOnPath(survey.questions, answers);
    const checked = checkAnswers(survey.questions, sheet);
    if (!checked.ok) {
      setProblem(t(checked.problem.key, { question: checked.problem.question, ...checked.problem.params }));
      document.querySelector(`[data-question="${checked.problem.question}"]`)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      return;
    }
    if (preview) {
      setPreviewDone(true);
      return;
    }
    setSending(true);
    try {
      await onSubmit?.(sheet);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="survey-answer" data-testid="survey-answer-form">
      {path.map((index, shown) => {
        const q = survey.questions[index]!;
        return (
          <section className="survey-question" key={q.key} data-question={index + 1} data-testid={`survey-question-${q.key}`}>
            <div className="survey-question-title">
              <span className="survey-question-number">{shown + 1}.</span>
              <span>{q.title}</span>
              {q.required && <span className="survey-required" aria-label={t('surveys.required')}>*</span>}
              <Tag className="survey-kind-tag">{t(`survey.kind.${q.kind}`)}</Tag>
            </div>
            <QuestionInput question={q} value={answers[q.key]} onChange={(value) => set(q.key, value)} />
          </section>
        );
      })}
      {problem && <Alert type="error" showIcon title={problem} className="survey-problem" data-testid="survey-problem" />}
      {previewDone && <Alert type="info" showIcon title={t('surveys.previewChecked')} className="survey-problem" data-testid="survey-preview-done" />}
      <Button type="primary" size="large" block loading={sending} onClick={() => void submit()} className="survey-submit" data-testid="survey-submit">
        {preview ? t('surveys.previewSubmit') : t('surveys.submit')}
      </Button>
    </div>
  );
}

function QuestionInput({ question: q, value, onChange }: { question: SurveyQuestion; value: SurveyAnswers[string] | undefined; onChange: (value: SurveyAnswers[string] | undefined) => void }) {
  const { t } = useTranslation();
  switch (q.kind) {
    case 'single':
      return (
        <Radio.Group className="survey-choices" value={typeof value === 'number' ? value : undefined} onChange={(event) => onChange(event.target.value as number)}>
          {q.options.map((option, o) => (
            <Radio key={o} value={o} className="survey-choice">
              <span data-testid={`survey-option-${q.key}-${o}`}>{option.label}</span>
            </Radio>
          ))}
        </Radio.Group>
      );
    case 'multiple': {
      const picked = Array.isArray(value) ? value : [];
      return (
        <>
          {(q.minPicks > 0 || q.maxPicks > 0) && (
            <Typography.Text type="secondary" className="survey-hint">
              {q.maxPicks ? t('surveys.picksBetween', { min: q.minPicks || 1, max: q.maxPicks }) : t('surveys.picksAtLeast', { min: q.minPicks })}
            </Typography.Text>
          )}
          <Checkbox.Group className="survey-choices" value={picked} onChange={(checked) => onChange((checked as number[]).slice().sort((a, b) => a - b))}>
            {q.options.map((option, o) => (
              <Checkbox
                key={o}
                value={o}
                className="survey-choice"
                disabled={q.maxPicks > 0 && picked.length >= q.maxPicks && !picked.includes(o)}
              >
                <span data-testid={`survey-option-${q.key}-${o}`}>{option.label}</span>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </>
      );
    }
    case 'text': {
      const text = typeof value === 'string' ? value : '';
      const props = { value: text, maxLength: q.maxLength, showCount: true, placeholder: t('surveys.textPlaceholder'), 'data-testid': `survey-text-${q.key}` };
      return q.long ? (
        <Input.TextArea {...props} autoSize={{ minRows: 3, maxRows: 8 }} onChange={(event) => onChange(event.target.value || undefined)} />
      ) : (
        <Input {...props} size="large" onChange={(event) => onChange(event.target.value || undefined)} />
      );
    }
    case 'rating':
      return (
        <div className="survey-rating">
          <Radio.Group value={typeof value === 'number' ? value : undefined} onChange={(event) => onChange(event.target.value as number)} optionType="button" buttonStyle="solid">
            {Array.from({ length: q.scale }, (_, i) => (
              <Radio.Button key={i} value={i + 1} className="survey-rating-button">
                <span data-testid={`survey-rating-${q.key}-${i + 1}`}>{i + 1}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
          <Typography.Text type="secondary" className="survey-hint">
            {t('surveys.ratingHint', { max: q.scale })}
          </Typography.Text>
        </div>
      );
    case 'matrix': {
      const chosen: MatrixAnswer = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
      return (
        <div className="survey-matrix">
          {q.rows.map((row, r) => (
            <div className="survey-matrix-row" key={r}>
              <div className="survey-matrix-label">{row}</div>
              <Radio.Group
                value={chosen[String(r)]}
                onChange={(event) => onChange({ ...chosen, [String(r)]: event.target.value as number })}
                optionType="button"
                className="survey-matrix-choices"
              >
                {q.columns.map((column, c) => (
                  <Radio.Button key={c} value={c}>
                    <span data-testid={`survey-matrix-${q.key}-${r}-${c}`}>{column}</span>
                  </Radio.Button>
                ))}
              </Radio.Group>
            </div>
          ))}
        </div>
      );
    }
  }
}

/** The survey's head: title, description, window and whether it is anonymous. */
export function SurveyHead({ survey }: { survey: Pick<SurveyForAnswer, 'title' | 'description' | 'startsAt' | 'endsAt' | 'anonymous'> }) {
  const { t } = useTranslation();
  return (
    <header className="survey-head">
      <Typography.Title level={4} className="survey-title" data-testid="survey-title">
        {survey.title}
      </Typography.Title>
      {survey.description && <Typography.Paragraph className="survey-description">{survey.description}</Typography.Paragraph>}
      <div className="survey-facts">
        <Tag color={survey.anonymous ? 'green' : 'blue'}>{survey.anonymous ? t('surveys.anonymous') : t('surveys.named')}</Tag>
        <Typography.Text type="secondary">{t('surveys.window', { start: survey.startsAt, end: survey.endsAt })}</Typography.Text>
      </div>
    </header>
  );
}
