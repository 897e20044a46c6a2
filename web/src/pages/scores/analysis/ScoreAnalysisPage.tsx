import { useCallback, useState } from 'react';
import { Button, Empty, Result, Select, Spin, Tabs, Tag, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SCORE_ANALYSIS_PERMISSIONS, STUDENT_GROUP_PERMISSIONS, type AnalysisBatch, type AnalysisState } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { EMPTY_ANALYSIS_BATCHES, errorMessage, exportAnalysis, fetchAnalysisBatches, scoreAnalysisKeys } from './analysisCalls.ts';
import { ClassesTab } from './ClassesTab.tsx';
import { ClassScoresTab } from './ClassScoresTab.tsx';
import { GradeTab } from './GradeTab.tsx';
import { GroupTab } from './GroupTab.tsx';
import { RankingTab } from './RankingTab.tsx';
import { StudentTab } from './StudentTab.tsx';
import { TeacherTab } from './TeacherTab.tsx';
import './scoreAnalysis.css';

/** The analysis items, in the order of the tabs. */
export const ANALYSIS_TABS = ['grade', 'classes', 'ranking', 'class', 'student', 'teacher', 'group'] as const;
export type AnalysisTab = (typeof ANALYSIS_TABS)[number];

/**
 * Each analysis item bound to a menu permission value (spec 6); the items without one come with the page.
 * The class scores and the student view are open to everybody, but show without the ranking permission
 * only the caller's own classes (the server decides). The group analysis reads the custom student groups
 * (/cjfxNew/zdyqtgl), which every teacher has.
 */
const TAB_PERMISSION: Partial<Record<AnalysisTab, string>> = { ranking: SCORE_ANALYSIS_PERMISSIONS.ranking, group: STUDENT_GROUP_PERMISSIONS.view };

const STATE_COLOR: Record<AnalysisState, string | undefined> = { ready: 'green', pending: 'processing', failed: 'red', none: undefined };

/** Why a batch has no figures to show, with a refresh while they are being computed. */
function NotReady({ batch, onRefresh, refreshing }: { batch: AnalysisBatch; onRefresh: () => void; refreshing: boolean }) {
  const { t } = useTranslation();
  const key = batch.state === 'pending' ? 'scoreAnalysis.pending' : batch.state === 'failed' ? 'scoreAnalysis.failed' : 'scoreAnalysis.notReleased';
  return (
    <Result
      status={batch.state === 'pending' ? 'info' : 'warning'}
      icon={batch.state === 'pending' ? <Spin size="large" /> : undefined}
      title={t(key, { name: batch.name })}
      extra={
        batch.state === 'pending' ? (
          <Button icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh} data-testid="score-analysis-refresh">
            {t('analysisPage.refresh')}
          </Button>
        ) : undefined
      }
      data-testid={`score-analysis-state-${batch.state}`}
    />
  );
}

/**
 * Score analysis (/cjfxNew/cjfx/cjxq): the staff's analysis of a released exam of a grade. A term and one of its
 * released batches (the newest by default) above tabs of analysis items: the grade overview, the classes
 * compared, the ranking, a class's scores, a student's trend and strengths, and the caller's own classes.
 */
export default function ScoreAnalysisPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const allowed = usePermission();
  const canRank = allowed({ permissions: [SCORE_ANALYSIS_PERMISSIONS.ranking] });
  const canExport = allowed({ permissions: [SCORE_ANALYSIS_PERMISSIONS.export] });
  const queryClient = useQueryClient();

  const [termId, setTermId] = useState<number | undefined>();
  const [batchPick, setBatchPick] = useState<number | undefined>();
  const [tab, setTab] = useState<AnalysisTab>('grade');
  const [classId, setClassId] = useState<number | undefined>();
  const [studentId, setStudentId] = useState<number | undefined>();
  const [groupId, setGroupId] = useState<number | undefined>();
  const [exporting, setExporting] = useState(false);

  const batches = useQuery({
    queryKey: scoreAnalysisKeys.batches(termId),
    queryFn: ({ signal }) => fetchAnalysisBatches(termId, signal),
    placeholderData: keepPreviousData,
  });
  const data = batches.data ?? EMPTY_ANALYSIS_BATCHES;
  const loading = batches.isPending || batches.isPlaceholderData;
  const term = termId ?? data.terms.find((item) => item.isCurrent)?.id ?? data.batches[0]?.termId;
  const batch = loading ? undefined : (data.batches.find((item) => item.id === batchPick) ?? data.batches.find((item) => item.mine) ?? data.batches[0]);

  const openStudent = useCallback((id: number) => {
    setStudentId(id);
    setTab('student');
  }, []);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: scoreAnalysisKeys.all });
  };

  const download = async () => {
    if (!batch) return;
    setExporting(true);
    try {
      await exportAnalysis(batch.id, t('scoreAnalysis.exportName', { batch: batch.name }));
    } catch {
      // The request client has shown the refusal.
    } finally {
      setExporting(false);
    }
  };

  const shown = ANALYSIS_TABS.filter((key) => {
    const permission = TAB_PERMISSION[key];
    return !permission || allowed({ permissions: [permission] });
  });
  const active = shown.includes(tab) ? tab : shown[0]!;

  const panel = (key: AnalysisTab, id: number) => {
    switch (key) {
      case 'grade':
        return <GradeTab batchId={id} phone={phone} />;
      case 'classes':
        return <ClassesTab batchId={id} phone={phone} />;
      case 'ranking':
        return <RankingTab batchId={id} onStudent={openStudent} />;
      case 'class':
        return <ClassScoresTab batchId={id} canRank={canRank} classId={classId} onClass={setClassId} onStudent={openStudent} />;
      case 'student':
        return <StudentTab batchId={id} canRank={canRank} classId={classId} studentId={studentId} onStudent={setStudentId} phone={phone} />;
      case 'teacher':
        return <TeacherTab batchId={id} />;
      case 'group':
        return <GroupTab batchId={id} phone={phone} groupId={groupId} onGroup={setGroupId} />;
    }
  };

  let body;
  if (loading) {
    body = (
      <div className="score-analysis-loading" data-testid="score-analysis-loading">
        <Spin />
      </div>
    );
  } else if (batches.isError) {
    body = (
      <Result
        status="warning"
        title={errorMessage(batches.error) || t('analysisPage.loadFailed')}
        extra={
          <Button onClick={() => void batches.refetch()} data-testid="score-analysis-retry">
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (!batch) {
    body = <Empty className="score-analysis-empty" description={t('analysisPage.noBatch')} data-testid="score-analysis-no-batch" />;
  } else if (batch.state !== 'ready') {
    body = <NotReady batch={batch} onRefresh={refresh} refreshing={batches.isFetching} />;
  } else {
    body = (
      <Tabs
        className="score-analysis-tabs"
        activeKey={active}
        onChange={(key) => setTab(key as AnalysisTab)}
        size={phone ? 'small' : 'middle'}
        items={shown.map((key) => ({
          key,
          label: <span data-testid={`score-analysis-tab-${key}`}>{key === 'group' ? t('groupsPage.analysis.tab') : t(`analysisPage.tab.${key}`)}</span>,
          children: <div key={batch.id}>{panel(key, batch.id)}</div>,
        }))}
      />
    );
  }

  return (
    <div className={`score-analysis-page${phone ? ' is-phone' : ''}`} data-testid="score-analysis-page">
      <div className="score-analysis-bar">
        <div className="score-analysis-title-row">
          <div className="score-analysis-title">{routeTitle(route, i18n.language)}</div>
          {canExport && batch?.state === 'ready' && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()} data-testid="score-analysis-export">
              {t('analysisPage.export')}
            </Button>
          )}
        </div>
        <div className="score-analysis-filters">
          <label className="score-analysis-field">
            <span className="score-analysis-label">{t('analysisPage.term')}</span>
            <Select<number>
              value={term}
              options={data.terms.map((item) => ({ value: item.id, label: item.name }))}
              onChange={(value) => {
                setTermId(value);
                setBatchPick(undefined);
              }}
              placeholder={t('analysisPage.termPlaceholder')}
              popupMatchSelectWidth={false}
              style={{ width: 200 }}
              aria-label={t('analysisPage.term')}
              data-testid="score-analysis-term"
            />
          </label>
          <label className="score-analysis-field">
            <span className="score-analysis-label">{t('analysisPage.batch')}</span>
            <Select<number>
              value={batch?.id}
              options={data.batches.map((item) => ({
                value: item.id,
                title: item.name,
                label: (
                  <span className="score-analysis-option">
                    <span className="score-analysis-option-name">{item.name}</span>
                    {item.state !== 'ready' && (
                      <Tag color={STATE_COLOR[item.state]} className="score-analysis-tag">
                        {t(`analysisPage.state.${item.state}`)}
                      </Tag>
                    )}
                  </span>
                ),
              }))}
              onChange={setBatchPick}
              disabled={loading || !data.batches.length}
              placeholder={t('analysisPage.batchPlaceholder')}
              popupMatchSelectWidth={false}
              style={{ width: 300 }}
              aria-label={t('analysisPage.batch')}
              data-testid="score-analysis-batch"
            />
          </label>
        </div>
        {batch && (
          <div className="score-analysis-facts" data-testid="score-analysis-facts">
            <span>{[batch.gradeName, batch.examNode].filter(Boolean).join(' · ')}</span>
            {batch.releasedAt && <span className="score-analysis-nowrap">{t('analysisPage.released', { time: batch.releasedAt })}</span>}
            {batch.studentCount > 0 && <span className="score-analysis-nowrap">{t('analysisPage.studentCount', { count: batch.studentCount })}</span>}
            <Tag color={STATE_COLOR[batch.state]} className="score-analysis-tag" data-testid="score-analysis-state">
              {t(`analysisPage.state.${batch.state}`)}
            </Tag>
          </div>
        )}
        {!phone && (
          <Typography.Text type="secondary" className="score-analysis-hint">
            {t('analysisPage.hint')}
          </Typography.Text>
        )}
      </div>
      <section className="score-analysis-section">{body}</section>
    </div>
  );
}
