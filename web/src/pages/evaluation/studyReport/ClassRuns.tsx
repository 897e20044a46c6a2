import { useState } from 'react';
import { Button, Progress, Tag, Typography } from 'antd';
import { DownloadOutlined, FileDoneOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StudyRun, StudyRunStatus } from '@campus/contract';
import { feedback } from '../../../app/feedback.ts';
import { releasedTime } from '../../scores/mine/BatchCard.tsx';
import { downloadRunFile, fetchStudyRuns, isRunActive, reportFileName, reportKeys, startClassRun } from '../reportParts/reportCalls.ts';
import { ReportSection } from '../reportParts/ReportFrame.tsx';
import { ReportTable, type ReportColumn } from '../reportParts/ReportTable.tsx';

/** How often the runs are asked for while one is queued or running. */
export const RUN_POLL_MS = 2000;

const STATUS_COLORS: Record<StudyRunStatus, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };

/** The caller's recent class PDFs, asked for again every two seconds while one of them is being made. */
export function useStudyRuns(enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.runs,
    queryFn: ({ signal }) => fetchStudyRuns(signal),
    enabled,
    refetchInterval: (query) => (!query.state.error && query.state.data?.some((run) => isRunActive(run.status)) ? RUN_POLL_MS : false),
  });
}

/** Staff: the chosen class's study reports in one PDF, made in the background. */
export function ClassRunButton({ classId, termId, phone }: { classId: number | null; termId: number | null; phone: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    if (!classId || !termId) return;
    setBusy(true);
    try {
      const msg = await startClassRun(classId, termId);
      feedback().message.success(msg || t('studyReportPage.runStarted'));
      await client.invalidateQueries({ queryKey: reportKeys.runs });
    } catch {
      // The request client has shown why (e.g. the class's reports are already being made).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<FileDoneOutlined />} loading={busy} disabled={!classId || !termId} onClick={() => void start()} block={phone} data-testid="study-class-run">
      {t('studyReportPage.classRun')}
    </Button>
  );
}

/** A finished run's PDF. */
function RunDownload({ run }: { run: StudyRun }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!run.fileId) return null;
  const fileId = run.fileId;
  const save = async () => {
    setBusy(true);
    try {
      await downloadRunFile(fileId, run.fileName || reportFileName(run.className, run.termName, t('studyReportPage.fileTitle')));
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="link" size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void save()} className="study-run-download" data-testid={`study-run-download-${run.id}`}>
      {t('studyReportPage.runDownload')}
    </Button>
  );
}

/** The status with the progress: done of total. */
function RunStatus({ run }: { run: StudyRun }) {
  const { t } = useTranslation();
  const percent = run.status === 'done' ? 100 : run.total > 0 ? Math.floor((run.done / run.total) * 100) : 0;
  return (
    <span className="study-run-status" data-testid={`study-run-status-${run.id}`} data-status={run.status}>
      <Tag color={STATUS_COLORS[run.status]} className="study-run-tag">
        {t(`studyReportPage.runStatus.${run.status}`)}
      </Tag>
      <Progress
        percent={percent}
        size="small"
        showInfo={false}
        status={run.status === 'failed' ? 'exception' : run.status === 'done' ? 'success' : 'active'}
        className="study-run-progress"
      />
      <span className="study-run-count" data-testid={`study-run-progress-${run.id}`}>
        {run.done} / {run.total}
      </span>
    </span>
  );
}

/** The caller's recent class PDFs: class, term, status with progress, when asked for, and the file or the error. */
export function ClassRuns({ runs, phone }: { runs: StudyRun[]; phone: boolean }) {
  const { t } = useTranslation();
  const columns: ReportColumn<StudyRun>[] = [
    { key: 'class', title: t('studyReportPage.runCol.class'), render: (run) => run.className, nowrap: true, phone: 'title' },
    { key: 'term', title: t('studyReportPage.runCol.term'), render: (run) => run.termName, nowrap: true },
    { key: 'status', title: t('studyReportPage.runCol.status'), render: (run) => <RunStatus run={run} /> },
    { key: 'created', title: t('studyReportPage.runCol.created'), render: (run) => (run.createdAt ? releasedTime(run.createdAt) : ''), nowrap: true, phone: 'aside' },
    {
      key: 'file',
      title: t('studyReportPage.runCol.file'),
      render: (run) =>
        run.status === 'done' && run.fileId ? (
          <RunDownload run={run} />
        ) : run.status === 'failed' ? (
          <Typography.Text type="danger" className="study-run-error" data-testid={`study-run-error-${run.id}`}>
            {run.error || t('studyReportPage.runFailed')}
          </Typography.Text>
        ) : (
          <span className="report-muted">{t('studyReportPage.runWaiting')}</span>
        ),
    },
  ];
  return (
    <ReportSection title={t('studyReportPage.runs')} testId="study-runs">
      <ReportTable rows={runs} columns={columns} rowKey={(run) => String(run.id)} rowTestId={(run) => `study-run-${run.id}`} phone={phone} className="study-runs" />
    </ReportSection>
  );
}
