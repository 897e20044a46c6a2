import { useEffect, useState } from 'react';
import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { JobRow, JobRunRow, PagedResult } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { formatTime } from '../logs/OperationLogPage.tsx';
import { jobName, RunOutcomeTag } from './JobsPage.tsx';

interface RunSearchForm {
  jobId?: number;
  outcome?: JobRunRow['outcome'];
  trigger?: JobRunRow['trigger'];
  dates?: [Dayjs | null, Dayjs | null] | null;
}

function runSearch(values: RunSearchForm): Record<string, unknown> {
  const [from, to] = values.dates ?? [];
  return {
    jobId: values.jobId,
    outcome: values.outcome,
    trigger: values.trigger,
    dateFrom: from ? from.format('YYYY-MM-DD') : undefined,
    dateTo: to ? to.format('YYYY-MM-DD') : undefined,
  };
}

/** /job/log: every run of the scheduled jobs, newest first, with outcome and duration (issue 4, item 7). */
export default function JobLogPage(_props: PageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [jobs, setJobs] = useState<JobRow[]>([]);
  const fromUrl = Number(params.get('jobId'));
  const initialJob = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : undefined;

  useEffect(() => {
    call<PagedResult<JobRow>>('/api/system/jobs/page', { json: { currPage: 0, limit: 500 } }).then(
      (page) => setJobs(page.rows),
      () => setJobs([]),
    );
  }, []);

  return (
    <ManagePage<JobRunRow, RunSearchForm>
      // The log is its own hidden page; it has no buttons of its own, so nothing here writes.
      permission="system:jobLog"
      listUrl="/api/system/jobRuns/page"
      exportUrl="/api/system/jobRuns/export"
      exportName={t('jobRuns.exportName')}
      initialSearch={{ jobId: initialJob }}
      toSearch={runSearch}
      searchFields={() => (
        <>
          <Form.Item name="jobId" label={t('jobRuns.job')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('manage.all')}
              style={{ width: 200 }}
              options={jobs.map((job) => ({ value: job.id, label: jobName(job) }))}
              data-testid="joblog-job"
            />
          </Form.Item>
          <Form.Item name="outcome" label={t('jobRuns.outcome')}>
            <Select
              allowClear
              placeholder={t('manage.all')}
              style={{ width: 120 }}
              options={(['success', 'failure', 'running'] as const).map((value) => ({ value, label: t(`jobRuns.${value}`) }))}
              data-testid="joblog-outcome"
            />
          </Form.Item>
          <Form.Item name="trigger" label={t('jobRuns.trigger')}>
            <Select
              allowClear
              placeholder={t('manage.all')}
              style={{ width: 120 }}
              options={(['schedule', 'manual'] as const).map((value) => ({ value, label: t(`jobRuns.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="dates" label={t('opsLog.dateRange')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'job', title: t('jobRuns.job'), width: 180, render: (_: unknown, row: JobRunRow) => jobName({ name: row.jobName, nameEn: row.jobNameEn }) },
        { key: 'trigger', dataIndex: 'trigger', title: t('jobRuns.trigger'), width: 100, render: (value: string) => t(`jobRuns.${value}`) },
        { key: 'triggeredBy', dataIndex: 'triggeredBy', title: t('jobRuns.triggeredBy'), width: 100 },
        { key: 'startedAt', dataIndex: 'startedAt', title: t('jobRuns.startedAt'), sorter: true, width: 170, render: (value: string) => formatTime(value) },
        { key: 'finishedAt', dataIndex: 'finishedAt', title: t('jobRuns.finishedAt'), width: 170, render: (value: string | null) => formatTime(value) },
        {
          key: 'durationMs',
          dataIndex: 'durationMs',
          title: t('jobRuns.durationMs'),
          sorter: true,
          width: 110,
          align: 'right',
          render: (value: number | null, row: JobRunRow) => <span data-testid={`joblog-duration-${row.id}`}>{value ?? ''}</span>,
        },
        { key: 'outcome', dataIndex: 'outcome', title: t('jobRuns.outcome'), sorter: true, width: 100, render: (value: JobRunRow['outcome']) => <RunOutcomeTag outcome={value} /> },
        { key: 'message', dataIndex: 'message', title: t('jobRuns.message'), ellipsis: true, width: 320 },
      ]}
      data-testid="joblog-page"
    />
  );
}
