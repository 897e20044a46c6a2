import { Alert, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../../../app/queryClient.tsx';
import { fetchPreview, surveyKeys } from '../../../api/surveys.ts';
import { AnswerForm, SurveyHead } from '../answering/AnswerForm.tsx';
import { SurveyFrame } from '../common/SurveyFrame.tsx';

/**
 * /survey/cjwj/perviewWJ?id=...: a design as its respondents will see it, skips and checks included, without
 * sending anything. Opened by its designer from the survey designer (the design is theirs to read: a session is needed).
 */
export default function PreviewPage() {
  return (
    <QueryProvider>
      <Preview />
    </QueryProvider>
  );
}

function Preview() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const survey = useQuery({ queryKey: surveyKeys.preview(id), queryFn: ({ signal }) => fetchPreview(id, signal), enabled: id > 0, gcTime: 0 });
  let body;
  if (!id) body = <Result status="warning" title={t('surveys.paramsLost')} data-testid="survey-missing" />;
  else if (survey.isPending) body = <Spin size="large" />;
  else if (survey.isError) body = <Result status="warning" title={survey.error.message} data-testid="survey-missing" />;
  else
    body = (
      <>
        <Alert type="info" showIcon title={t('surveys.previewBanner')} style={{ marginBottom: 12 }} />
        <SurveyHead survey={survey.data} />
        <AnswerForm survey={survey.data} preview />
      </>
    );
  return (
    <SurveyFrame title={t('surveys.previewTitle')} testId="survey-preview">
      {body}
    </SurveyFrame>
  );
}
