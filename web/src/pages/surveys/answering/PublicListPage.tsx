import { Empty, Result, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../../../app/queryClient.tsx';
import { fetchPublicSurveys, surveyKeys } from '../../../api/surveys.ts';
import { SurveyFrame } from '../common/SurveyFrame.tsx';

/** /survey/wjdt/wjdtListNotLogin: the school's open public surveys, for anyone, without signing in. */
export default function PublicListPage() {
  return (
    <QueryProvider>
      <PublicList />
    </QueryProvider>
  );
}

function PublicList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useQuery({ queryKey: surveyKeys.publicList, queryFn: ({ signal }) => fetchPublicSurveys(signal) });
  return (
    <SurveyFrame title={t('surveys.publicList')} testId="survey-public-list">
      <Typography.Title level={4}>{t('surveys.publicList')}</Typography.Title>
      {list.isPending ? (
        <Spin />
      ) : list.isError ? (
        <Result status="warning" title={list.error.message} />
      ) : list.data.length === 0 ? (
        <Empty description={t('surveys.noPublic')} />
      ) : (
        list.data.map((row) => (
          <button type="button" key={row.key} className="survey-public-item" onClick={() => navigate(`/survey/wjdt/answerSurvey?key=${encodeURIComponent(row.key)}`)} data-testid="survey-public-item">
            <div className="survey-mine-title">{row.title}</div>
            {row.description && <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 4 }}>{row.description}</Typography.Paragraph>}
            <Typography.Text type="secondary">
              {t('surveys.questionCount', { count: row.questionCount })} · {t('surveys.until', { end: row.endsAt })}
            </Typography.Text>
          </button>
        ))
      )}
    </SurveyFrame>
  );
}
