import { useState, type ReactNode } from 'react';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SurveyAnswers, SurveyForAnswer } from '@campus/contract';
import { AnswerForm, SurveyHead } from './AnswerForm.tsx';

export interface SurveyScreenProps {
  survey: SurveyForAnswer;
  /** Sends the answers; answers the server's message. */
  submit: (answers: SurveyAnswers) => Promise<string>;
  /** Shown when a named survey was opened without a session. */
  loginAction?: ReactNode;
  /** Shown under the thank-you or refusal (back to the list). */
  extra?: ReactNode;
}

/**
 * One survey for its respondent: the form while it is open and not yet answered by them; otherwise what the
 * spec says ('This questionnaire was already submitted', 'The questionnaire has not started or has expired').
 */
export function SurveyScreen({ survey, submit, loginAction, extra }: SurveyScreenProps) {
  const { t } = useTranslation();
  const [done, setDone] = useState<string | null>(null);
  if (done) return <Result status="success" title={done} extra={extra} data-testid="survey-done" />;
  if (survey.state === 'answered') return <Result status="info" title={t('survey.alreadySubmitted')} extra={extra} data-testid="survey-already" />;
  if (survey.state === 'closed') return <Result status="warning" title={t('survey.notOpen')} subTitle={survey.title} extra={extra} data-testid="survey-closed" />;
  if (survey.needsLogin) return <Result status="info" title={t('survey.loginToAnswer')} subTitle={survey.title} extra={loginAction} data-testid="survey-login" />;
  return (
    <>
      <SurveyHead survey={survey} />
      <AnswerForm
        survey={survey}
        onSubmit={async (answers) => {
          const message = await submit(answers);
          setDone(message || t('survey.submitted'));
        }}
      />
    </>
  );
}
