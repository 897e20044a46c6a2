import { Button, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../../../app/queryClient.tsx';
import { fetchPublicSurvey, respondentKey, submitPublicSurvey, surveyKeys } from '../../../api/surveys.ts';
import { SurveyFrame } from '../common/SurveyFrame.tsx';
import { SurveyScreen } from './SurveyScreen.tsx';

/**
 * /survey/wjdt/answerSurvey?key=...: a public survey opened from its link or QR code, without signing in.
 * One answer per browser (a random key kept in its storage) and, when signed in, per user too.
 */
export default function PublicAnswerPage() {
  return (
    <QueryProvider>
      <PublicAnswer />
    </QueryProvider>
  );
}

function PublicAnswer() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const browser = respondentKey();
  const survey = useQuery({ queryKey: surveyKeys.publicForm(key), queryFn: ({ signal }) => fetchPublicSurvey(key, browser, signal), enabled: key !== '', gcTime: 0 });
  const toList = (
    <Button onClick={() => navigate('/survey/wjdt/wjdtListNotLogin')} data-testid="survey-public-list-link">
      {t('surveys.publicList')}
    </Button>
  );
  let body;
  if (!key) body = <Result status="warning" title={t('surveys.linkMissing')} extra={toList} data-testid="survey-missing" />;
  else if (survey.isPending) body = <Spin size="large" />;
  else if (survey.isError) body = <Result status="warning" title={survey.error.message || t('survey.linkInvalid')} extra={toList} data-testid="survey-missing" />;
  else {
    body = (
      <SurveyScreen
        survey={survey.data}
        submit={(answers) => submitPublicSurvey(key, browser, answers)}
        extra={toList}
        loginAction={
          <Button type="primary" onClick={() => navigate(`/login?redirect=${encodeURIComponent(`/survey/wjdt?id=${survey.data.id}`)}`)}>
            {t('login.goToLogin')}
          </Button>
        }
      />
    );
  }
  return (
    <SurveyFrame title={survey.data?.title ?? t('surveys.publicTitle')} testId="survey-public-answer">
      {body}
    </SurveyFrame>
  );
}
