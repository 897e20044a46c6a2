import { useMemo, useState } from 'react';
import { Button, Empty, Input, Result, Select, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type MaintenanceBatch, type MaintenanceRow, type MaintenanceSubject } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { CellValue, CorrectDialog } from './CorrectDialog.tsx';
import { HistoryPanel, type HistoryTarget } from './HistoryPanel.tsx';
import { showNumber } from './correctionModel.ts';
import { EMPTY_MAINTENANCE_BATCHES, errorMessage, fetchMaintenanceBatches, fetchMaintenancePage, maintenanceKeys, type MaintenanceFilter } from './maintenanceCalls.ts';
import './maintenance.css';

const DEFAULT_PAGE_SIZE = 20;

/**
 * /cjfxNew/cjgl/kscjwh, Exam score maintenance: the academic office corrects a student's scores of any batch,
 * released or not and whatever its entry window, with a reason. A term and one of its batches, a class and a
 * name or number narrow the students; each row shows every subject, the total and how often it was
 * corrected, with the correct dialog and the student's history; the batch's whole history beside.
 */
export default function ScoreMaintenancePage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const [termId, setTermId] = useState<number | undefined>();
  const [batchPick, setBatchPick] = useState<number | undefined>();
  const [classId, setClassId] = useState<number | undefined>();
  const [keywordText, setKeywordText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [correcting, setCorrecting] = useState<MaintenanceRow | null>(null);
  const [history, setHistory] = useState<HistoryTarget | null>(null);

  const batches = useQuery({
    queryKey: maintenanceKeys.batches(termId),
    queryFn: ({ signal }) => fetchMaintenanceBatches(termId, signal),
    placeholderData: keepPreviousData,
  });
  const data = batches.data ?? EMPTY_MAINTENANCE_BATCHES;
  const batchesLoading = batches.isPending || batches.isPlaceholderData;
  const term = termId ?? data.termId ?? data.terms.find((item) => item.isCurrent)?.id ?? data.terms[0]?.id;
  const batch: MaintenanceBatch | undefined = batchesLoading ? undefined : (data.batches.find((item) => item.id === batchPick) ?? data.batches[0]);
  const classChoice = batch?.classes.some((item) => item.id === classId) ? classId : undefined;

  const filter: MaintenanceFilter | null = batch ? { batchId: batch.id, classId: classChoice, keyword: keyword || undefined, currPage: page - 1, limit: pageSize } : null;
  const sheet = useQuery({
    queryKey: filter ? maintenanceKeys.page(filter) : ['scores', 'maintenance', 'page', 'none'],
    queryFn: ({ signal }) => fetchMaintenancePage(filter!, signal),
    enabled: !!filter,
    placeholderData: keepPreviousData,
  });
  const subjects = useMemo(() => sheet.data?.subjects ?? [], [sheet.data]);

  const resetPaging = () => setPage(1);
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: maintenanceKeys.all });
    // What the correction changed shows elsewhere too: the analysis (computed again) and an open score sheet.
    void queryClient.invalidateQueries({ queryKey: ['scores', 'analysis'] });
    void queryClient.invalidateQueries({ queryKey: ['scores', 'entry'] });
  };

  const columns = useMemo<TableColumnsType<MaintenanceRow>>(
    () => [
      { key: 'studentNumber', dataIndex: 'studentNumber', title: t('maintenancePage.col.studentNumber'), width: 120, fixed: phone ? undefined : 'left' },
      { key: 'name', dataIndex: 'name', title: t('maintenancePage.col.name'), width: 100, fixed: phone ? undefined : 'left' },
      { key: 'className', dataIndex: 'className', title: t('maintenancePage.col.class'), width: 110 },
      ...subjects.map((subject: MaintenanceSubject) => ({
        key: `course-${subject.courseId}`,
        title: (
          <span className="score-maintenance-course-title">
            <span>{subject.courseName}</span>
            <span className="score-maintenance-muted">{t('maintenancePage.fullMark', { max: showNumber(subject.fullMark) })}</span>
          </span>
        ),
        align: 'right' as const,
        width: 90,
        render: (_: unknown, row: MaintenanceRow) => <CellValue subject={subject} cell={row.cells[String(subject.courseId)]} testId={`maintenance-cell-${row.studentId}-${subject.courseId}`} />,
      })),
      {
        key: 'total',
        title: t('maintenancePage.col.total'),
        align: 'right' as const,
        width: 80,
        render: (_: unknown, row: MaintenanceRow) => <strong data-testid={`maintenance-total-${row.studentId}`}>{row.total === null ? '—' : showNumber(row.total)}</strong>,
      },
      {
        key: 'corrections',
        title: t('maintenancePage.col.corrections'),
        align: 'right' as const,
        width: 90,
        render: (_: unknown, row: MaintenanceRow) =>
          row.corrections > 0 ? (
            <Tag color="gold" data-testid={`maintenance-corrections-${row.studentId}`}>
              {row.corrections}
            </Tag>
          ) : (
            <span className="score-maintenance-muted" data-testid={`maintenance-corrections-${row.studentId}`}>
              0
            </span>
          ),
      },
      {
        key: 'actions',
        title: t('manage.actions'),
        fixed: 'right' as const,
        width: phone ? 120 : 170,
        render: (_: unknown, row: MaintenanceRow) => (
          <span className="score-maintenance-actions">
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setCorrecting(row)} data-testid={`maintenance-correct-${row.studentId}`}>
              {t('maintenancePage.correct')}
            </Button>
            <Button
              type="link"
              size="small"
              icon={<HistoryOutlined />}
              onClick={() => batch && setHistory({ batchId: batch.id, batchName: batch.name, student: { id: row.studentId, name: row.name } })}
              data-testid={`maintenance-history-${row.studentId}`}
            >
              {t('maintenancePage.history.open')}
            </Button>
          </span>
        ),
      },
    ],
    [t, subjects, phone, batch],
  );

  let body;
  if (batchesLoading) {
    body = (
      <div className="score-maintenance-loading" data-testid="maintenance-loading">
        <Spin />
      </div>
    );
  } else if (batches.isError) {
    body = (
      <Result
        status="warning"
        title={errorMessage(batches.error) || t('maintenancePage.loadFailed')}
        extra={
          <Button onClick={() => void batches.refetch()} data-testid="maintenance-retry">
            {t('common.retry')}
          </Button>
        }
        data-testid="maintenance-error"
      />
    );
  } else if (!batch) {
    body = <Empty description={t('maintenancePage.noBatches')} data-testid="maintenance-no-batch" />;
  } else if (sheet.isError) {
    body = (
      <Result
        status="warning"
        title={errorMessage(sheet.error) || t('maintenancePage.loadFailed')}
        extra={
          <Button onClick={() => void sheet.refetch()} data-testid="maintenance-page-retry">
            {t('common.retry')}
          </Button>
        }
        data-testid="maintenance-page-error"
      />
    );
  } else {
    body = (
      <Table<MaintenanceRow>
        rowKey="studentId"
        size="small"
        columns={columns}
        dataSource={sheet.data?.rows ?? []}
        loading={sheet.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(keyword || classChoice ? 'maintenancePage.noMatch' : 'maintenancePage.noStudents')} /> }}
        pagination={{
          current: page,
          pageSize,
          total: sheet.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES.filter((size) => size <= 100).map(String),
          showSizeChanger: true,
          showTotal: (total) => (sheet.data?.totalCapped ? t('pagedTable.totalAtLeast', { total }) : t('maintenancePage.totalStudents', { count: total })),
          onChange: (next, size) => {
            setPage(size !== pageSize ? 1 : next);
            setPageSize(size);
          },
        }}
        data-testid="maintenance-table"
      />
    );
  }

  return (
    <div className={`score-maintenance-page${phone ? ' is-phone' : ''}`} data-testid="maintenance-page">
      <div className="score-maintenance-bar">
        <div className="score-maintenance-title-row">
          <div className="score-maintenance-title">{routeTitle(route, i18n.language)}</div>
          <Button icon={<HistoryOutlined />} disabled={!batch} onClick={() => batch && setHistory({ batchId: batch.id, batchName: batch.name })} data-testid="maintenance-batch-history">
            {t('maintenancePage.history.batch')}
          </Button>
        </div>
        <div className="score-maintenance-filters">
          <label className="score-maintenance-field">
            <span className="score-maintenance-label">{t('maintenancePage.term')}</span>
            <Select<number>
              value={term}
              options={data.terms.map((item) => ({ value: item.id, label: item.name }))}
              onChange={(value) => {
                setTermId(value);
                setBatchPick(undefined);
                setClassId(undefined);
                resetPaging();
              }}
              placeholder={t('maintenancePage.termPlaceholder')}
              popupMatchSelectWidth={false}
              style={{ width: 200 }}
              aria-label={t('maintenancePage.term')}
              data-testid="maintenance-term"
            />
          </label>
          <label className="score-maintenance-field">
            <span className="score-maintenance-label">{t('maintenancePage.batch')}</span>
            <Select<number>
              value={batch?.id}
              options={data.batches.map((item) => ({
                value: item.id,
                title: item.name,
                label: (
                  <span className="score-maintenance-option">
                    <span className="score-maintenance-option-name">{item.name}</span>
                    <Tag color={item.released ? 'green' : undefined} className="score-maintenance-tag" data-testid={`maintenance-released-${item.id}`}>
                      {t(item.released ? 'maintenancePage.released' : 'maintenancePage.notReleased')}
                    </Tag>
                  </span>
                ),
              }))}
              onChange={(value) => {
                setBatchPick(value);
                setClassId(undefined);
                resetPaging();
              }}
              disabled={batchesLoading || !data.batches.length}
              placeholder={t('maintenancePage.batchPlaceholder')}
              popupMatchSelectWidth={false}
              style={{ width: 300 }}
              aria-label={t('maintenancePage.batch')}
              data-testid="maintenance-batch"
            />
          </label>
          <label className="score-maintenance-field">
            <span className="score-maintenance-label">{t('maintenancePage.class')}</span>
            <Select<number>
              allowClear
              value={classChoice}
              options={(batch?.classes ?? []).map((item) => ({ value: item.id, label: item.name }))}
              onChange={(value) => {
                setClassId(value);
                resetPaging();
              }}
              disabled={!batch}
              placeholder={t('maintenancePage.allClasses')}
              popupMatchSelectWidth={false}
              style={{ width: 160 }}
              aria-label={t('maintenancePage.class')}
              data-testid="maintenance-class"
            />
          </label>
          <Input.Search
            allowClear
            value={keywordText}
            maxLength={50}
            onChange={(event) => {
              setKeywordText(event.target.value);
              // Cleared with its button: every student again.
              if (!event.target.value && keyword) {
                setKeyword('');
                resetPaging();
              }
            }}
            onSearch={(value) => {
              setKeyword(value.trim());
              resetPaging();
            }}
            placeholder={t('maintenancePage.keywordPlaceholder')}
            style={{ width: 240 }}
            aria-label={t('maintenancePage.keyword')}
            disabled={!batch}
            data-testid="maintenance-keyword"
          />
        </div>
        {batch && (
          <div className="score-maintenance-facts" data-testid="maintenance-facts">
            <span>{[batch.gradeName, batch.examNode].filter(Boolean).join(' · ')}</span>
            <Tag color={batch.released ? 'green' : undefined} className="score-maintenance-tag">
              {t(batch.released ? 'maintenancePage.released' : 'maintenancePage.notReleased')}
            </Tag>
            {batch.released && (
              <Typography.Text type="secondary" className="score-maintenance-hint">
                {t('maintenancePage.releasedHint')}
              </Typography.Text>
            )}
          </div>
        )}
      </div>
      <section className="score-maintenance-section">{body}</section>
      <CorrectDialog batch={batch ?? null} subjects={subjects} row={correcting} onClose={() => setCorrecting(null)} onSaved={reload} />
      <HistoryPanel target={history} onClose={() => setHistory(null)} />
    </div>
  );
}
