import { useState } from 'react';
import { Button, Empty, Pagination, Result, Segmented, Spin, Tag, Typography } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MySurveyRow } from '@campus/contract';
import { call } from '../../../api/client.ts';
import { SURVEY_CALLS, fetchMySurvey, submitMySurvey, surveyKeys } from '../../../api/surveys.ts';
import type { PageProps } from '../../registry.ts';
import { SurveyScreen } from './SurveyScreen.tsx';
import '../surveys.css';

type Filter = 'todo' | 'answered' | 'closed' | '';
const STATE_COLOURS: Record<MySurveyRow['state'], string> = { todo: 'processing', answered: 'success', closed: 'default' };
const PAGE_SIZE = 10;

/**
 * /survey/wjdt, Answer surveys: the surveys sent to the caller (a parent answers as themself), to answer first, then
 * answered and closed; opening one shows its form. A message's link (?id=) opens that survey directly.
 */
export default function MySurveysPage(_props: PageProps) {
  const [params, setParams] = useSearchParams();
  const opened = Number(params.get('id')) || 0;
  const open = (id: number) => setParams(id ? { id: String(id) } : {});
  return <div className="survey-mine-page" data-testid="survey-mine-page">{opened ? <OneSurvey id={opened} back={() => open(0)} /> : <List open={open} />}</div>;
}

function List({ open }: { open: (id: number) => void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('');
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: [...surveyKeys.all, 'mine', filter, page],
    queryFn: ({ signal }) =>
      call<{ total: number; todo: number; rows: MySurveyRow[] }>(SURVEY_CALLS.minePage, { json: { currPage: page, limit: PAGE_SIZE, search: { state: filter } }, signal }),
  });
  const filters: { value: Filter; label: string }[] = [
    { value: '', label: t('surveys.all') },
    { value: 'todo', label: t('surveys.state.todo') + (list.data?.todo ? ` (${list.data.todo})` : '') },
    { value: 'answered', label: t('surveys.state.answered') },
    { value: 'closed', label: t('surveys.state.closed') },
  ];
  return (
    <>
      <Segmented
        className="survey-mine-filter"
        options={filters}
        value={filter}
        onChange={(value) => {
          setFilter(value as Filter);
          setPage(0);
        }}
        data-testid="survey-mine-filter"
      />
      {list.isPending ? (
        <Spin />
      ) : !list.data?.rows.length ? (
        <Empty description={t('surveys.noneForYou')} />
      ) : (
        <div className="survey-mine-list">
          {list.data.rows.map((row) => (
            <button type="button" className="survey-mine-item" key={row.id} onClick={() => open(row.id)} data-testid={`survey-mine-${row.id}`}>
              <div>
                <div className="survey-mine-title">{row.title}</div>
                <Typography.Text type="secondary">{t('surveys.until', { end: row.endsAt })}</Typography.Text>
              </div>
              <Tag color={STATE_COLOURS[row.state]}>{t(`surveys.state.${row.state}`)}</Tag>
            </button>
          ))}
          {list.data.total > PAGE_SIZE && <Pagination simple current={page + 1} pageSize={PAGE_SIZE} total={list.data.total} onChange={(p) => setPage(p - 1)} />}
        </div>
      )}
    </>
  );
}

function OneSurvey({ id, back }: { id: number; back: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const survey = useQuery({ queryKey: surveyKeys.mine(id), queryFn: ({ signal }) => fetchMySurvey(id, signal), gcTime: 0 });
  const backButton = (
    <Button icon={<LeftOutlined />} onClick={back} data-testid="survey-back">
      {t('surveys.backToList')}
    </Button>
  );
  if (survey.isPending) return <Spin />;
  if (survey.isError) return <Result status="warning" title={t('surveys.notFound')} subTitle={survey.error.message} extra={backButton} data-testid="survey-missing" />;
  return (
    <>
      <div style={{ marginBottom: 12 }}>{backButton}</div>
      <SurveyScreen
        survey={survey.data}
        extra={backButton}
        submit={async (answers) => {
          const message = await submitMySurvey(id, answers);
          void client.invalidateQueries({ queryKey: surveyKeys.all });
          return message;
        }}
      />
    </>
  );
}
