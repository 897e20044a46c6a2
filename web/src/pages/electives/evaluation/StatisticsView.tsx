import { useMemo, useState } from 'react';
import { Button, Result, Select, Table, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined, EditOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ELECTIVE_URLS, type ElectiveStatsRow } from '@campus/contract';
import { electiveKeys, exportStatistics, fetchStatistics } from '../../../api/electives.ts';
import { byName, refusalOf } from '../common/parts.tsx';

/** An average to one decimal, '—' without ratings. */
export const average = (value: number | null | undefined) => (value === null || value === undefined ? '—' : (Math.round(value * 10) / 10).toString());

/** The overall share as a percentage to one decimal. */
export const percent = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${(Math.round(value * 1000) / 10).toString()}%`);

export interface StatisticsViewProps {
  title: string;
  phone: boolean;
  /** The office: every course, and the workbook. */
  office: boolean;
  canIndicators: boolean;
  canScore: boolean;
}

/** A term's courses with their seats, the students' ratings per indicator and overall, and the teacher's scores. */
export function StatisticsView({ title, phone, office, canIndicators, canScore }: StatisticsViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [termId, setTermId] = useState<number | undefined>();
  const [exporting, setExporting] = useState(false);
  const stats = useQuery({
    queryKey: electiveKeys.statistics(termId),
    queryFn: ({ signal }) => fetchStatistics(termId, signal),
    placeholderData: keepPreviousData,
  });
  const data = stats.data;
  const rows = useMemo(() => data?.rows ?? [], [data]);

  // The indicators as columns, in the order the rows name them (every row names the same enabled ones).
  const indicators = useMemo(() => {
    const seen = new Map<number, { name: string; maxScore: number }>();
    for (const row of rows) for (const item of row.indicators) if (!seen.has(item.indicatorId)) seen.set(item.indicatorId, { name: item.name, maxScore: item.maxScore });
    return [...seen];
  }, [rows]);

  const columns: TableColumnsType<ElectiveStatsRow> = [
    { key: 'name', dataIndex: 'name', title: t('electiveUi.courseName'), fixed: phone ? undefined : 'left', width: 160, render: (name: string) => <span className="elective-strong">{name}</span> },
    { key: 'teacherName', dataIndex: 'teacherName', title: t('electiveUi.teacher'), width: 110 },
    { key: 'seats', title: t('electiveStats.seats'), width: 100, render: (_: unknown, row) => `${row.enrolled}/${row.capacity}` },
    { key: 'ratings', dataIndex: 'ratings', title: t('electiveStats.ratings'), width: 90 },
    ...indicators.map(([id, indicator]) => ({
      key: `indicator-${id}`,
      title: t('electiveStats.indicatorColumn', { name: indicator.name, max: indicator.maxScore }),
      width: 120,
      render: (_: unknown, row: ElectiveStatsRow) => average(row.indicators.find((item) => item.indicatorId === id)?.average),
    })),
    { key: 'overall', title: t('electiveStats.overall'), width: 100, render: (_: unknown, row) => <span data-testid={`elective-stats-overall-${row.sessionId}`}>{percent(row.overall)}</span> },
    { key: 'graded', title: t('electiveStats.graded'), width: 110, render: (_: unknown, row) => `${row.graded}/${row.enrolled}` },
    { key: 'gradeAverage', title: t('electiveStats.gradeAverage'), width: 110, render: (_: unknown, row) => average(row.gradeAverage) },
  ];

  const runExport = async () => {
    if (!data?.termId) return;
    setExporting(true);
    try {
      await exportStatistics(data.termId, t('elective.exportName'));
    } catch {
      // The request client has shown why.
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="elective-stats" data-testid="elective-statistics">
      <div className="elective-bar elective-stats-bar">
        <span className="elective-stats-title">{title}</span>
        <Select
          value={data?.termId || undefined}
          onChange={setTermId}
          options={byName(data?.terms ?? [])}
          className="elective-term-select"
          placeholder={t('electiveUi.chooseTerm')}
          aria-label={t('electiveUi.term')}
          data-testid="elective-stats-term"
        />
        <span className="elective-bar-spacer" />
        {office && (
          <Button icon={<DownloadOutlined />} loading={exporting} disabled={!data?.termId} onClick={() => void runExport()} data-testid="elective-stats-export">
            {t('electiveStats.export')}
          </Button>
        )}
        {canIndicators && (
          <Button icon={<UnorderedListOutlined />} onClick={() => void navigate(ELECTIVE_URLS.indicators)} data-testid="elective-stats-indicators">
            {t('electiveStats.indicators')}
          </Button>
        )}
        {canScore && (
          <Button icon={<EditOutlined />} onClick={() => void navigate(ELECTIVE_URLS.studentScores)} data-testid="elective-stats-scores">
            {t('electiveStats.scoreStudents')}
          </Button>
        )}
      </div>
      <Typography.Text type="secondary" className="elective-small">
        {t(office ? 'electiveStats.hintOffice' : 'electiveStats.hintTeacher')}
      </Typography.Text>
      {stats.isError && !data ? (
        <Result status="warning" title={t('electiveStats.loadFailed')} subTitle={refusalOf(stats.error)} />
      ) : (
        <Table<ElectiveStatsRow>
          size="small"
          rowKey="sessionId"
          loading={stats.isFetching}
          dataSource={rows}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('electiveStats.empty') }}
          data-testid="elective-stats-table"
        />
      )}
    </div>
  );
}
