import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Empty, Input, InputNumber, Select, Space, Spin, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DownloadOutlined, SaveOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExternalCell, ExternalExamRow, ExternalOptions, ExternalScoreRow, ExternalSubject, ScoreMark } from '@campus/contract';
import { feedback } from '../../../app/feedback.ts';
import { ImportDialog } from '../../../components/ImportDialog/index.ts';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { downloadTemplate, externalKeys, fetchExternalScores, importUrl, saveExternalScores, templateUrl, type ExternalImportAnswer } from './externalCalls.ts';
import { buildSave, currentValue, EMPTY_CELL, formatScore, problemsOf, totalOf, withChange, type Edits, type Problem } from './gridModel.ts';

/** Students per page of the grid. */
export const GRID_PAGE_SIZE = 50;

interface CellProps {
  studentId: number;
  subject: ExternalSubject;
  cell: ExternalCell;
  problem: Problem | undefined;
  readOnly: boolean;
  onScore: (studentId: number, courseId: number, score: number | null) => void;
  onMark: (studentId: number, courseId: number, mark: ScoreMark | null) => void;
}

/** A score cell: a number (checked against the full mark and two decimals), or an absent / exempt mark. */
const ScoreCell = memo(function ScoreCell({ studentId, subject, cell, problem, readOnly, onScore, onMark }: CellProps) {
  const { t } = useTranslation();
  const label = `${subject.courseName} (${subject.fullMark})`;
  return (
    <Tooltip title={problem ? t(problem.key, problem.params) : undefined} open={problem ? undefined : false}>
      <Space.Compact size="small" className="external-cell">
        <InputNumber<number>
          size="small"
          min={0}
          value={cell.score}
          disabled={readOnly || !!cell.mark}
          status={problem ? 'error' : undefined}
          placeholder={cell.mark ? t(`externalExam.mark.${cell.mark}`) : undefined}
          aria-label={label}
          aria-invalid={problem ? true : undefined}
          onChange={(value) => onScore(studentId, subject.courseId, typeof value === 'number' ? value : null)}
          className="external-cell-score"
          data-testid={`external-score-${studentId}-${subject.courseId}`}
        />
        <Select<ScoreMark | ''>
          size="small"
          value={cell.mark ?? ''}
          disabled={readOnly}
          popupMatchSelectWidth={false}
          aria-label={t('externalPage.markOf', { name: subject.courseName })}
          options={[
            { value: '', label: '—' },
            { value: 'absent', label: t('externalExam.mark.absent') },
            { value: 'exempt', label: t('externalExam.mark.exempt') },
          ]}
          onChange={(mark) => onMark(studentId, subject.courseId, mark || null)}
          className="external-cell-mark"
          data-testid={`external-mark-${studentId}-${subject.courseId}`}
        />
      </Space.Compact>
    </Tooltip>
  );
});

export interface ScoresPanelProps {
  /** The exam whose scores show; null: closed. */
  exam: ExternalExamRow | null;
  options: ExternalOptions;
  /** The caller may enter (`score:external:edit`). */
  canEdit: boolean;
  onClose: () => void;
  /** Scores were saved or imported (the list's counts moved). */
  onChanged: () => void;
}

/**
 * One exam's scores: the grade's students (a class, a keyword), a cell per subject, the total and the place.
 * Changed rows are kept across pages until saved (only they are sent) or discarded; a released exam only shows.
 */
export function ScoresPanel({ exam, options, canEdit, onClose, onChanged }: ScoresPanelProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const [classId, setClassId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [edits, setEdits] = useState<Edits>({});
  const [saving, setSaving] = useState(false);
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const examId = exam?.id ?? 0;
  const query = useQuery({
    queryKey: externalKeys.scores(examId, classId, keyword, page, GRID_PAGE_SIZE),
    queryFn: ({ signal }) => fetchExternalScores({ examId, classId, keyword, currPage: page - 1, limit: GRID_PAGE_SIZE }, signal),
    enabled: !!exam,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });
  // The exam as read with the grid is the fresher (released meanwhile, subjects changed).
  const current = query.data?.exam ?? exam;
  const subjects = useMemo(() => current?.subjects ?? [], [current]);
  const readOnly = !canEdit || !!current?.released;
  const problems = useMemo(() => problemsOf(edits, subjects), [edits, subjects]);
  const changed = Object.keys(edits).length;
  const classes = options.classes.filter((item) => item.gradeId === current?.gradeId);

  const reset = () => {
    setEdits({});
    setClassId(undefined);
    setKeyword('');
    setPage(1);
  };
  const close = () => {
    if (!changed) {
      reset();
      onClose();
      return;
    }
    feedback().modal.confirm({
      title: t('externalPage.discardTitle'),
      content: t('externalPage.discardConfirm', { count: changed }),
      okText: t('externalPage.discard'),
      cancelText: t('manage.cancel'),
      onOk: () => {
        reset();
        onClose();
      },
    });
  };

  // The cells' handlers stay the same from one render to the next, so that typing in one cell redraws that cell.
  const rowsNow = useRef<ExternalScoreRow[]>([]);
  useEffect(() => {
    rowsNow.current = query.data?.rows ?? [];
  }, [query.data]);
  const onScore = useCallback((studentId: number, courseId: number, score: number | null) => {
    const row = rowsNow.current.find((item) => item.studentId === studentId);
    if (row) setEdits((previous) => withChange(previous, row, { courseId, score }));
  }, []);
  const onMark = useCallback((studentId: number, courseId: number, mark: ScoreMark | null) => {
    const row = rowsNow.current.find((item) => item.studentId === studentId);
    if (row) setEdits((previous) => withChange(previous, row, { courseId, mark }));
  }, []);
  const onRank = (row: ExternalScoreRow, rank: number | null) => setEdits((previous) => withChange(previous, row, { districtRank: rank }));

  const save = async () => {
    if (!current) return;
    if (problems.size) {
      feedback().message.warning(t('externalPage.fixInvalid', { count: problems.size }));
      return;
    }
    setSaving(true);
    try {
      const { saved, msg } = await saveExternalScores(buildSave(current.id, edits, subjects));
      feedback().message.success(msg || t('externalExam.scoresSaved', { count: saved }));
      setEdits({});
      await queryClient.invalidateQueries({ queryKey: externalKeys.scoresOf(current.id) });
      onChanged();
    } catch {
      // The request client has shown the server's message; what was typed stays, still unsaved.
    } finally {
      setSaving(false);
    }
  };

  const discard = () =>
    feedback().modal.confirm({
      title: t('externalPage.discardTitle'),
      content: t('externalPage.discardConfirm', { count: changed }),
      okText: t('externalPage.discard'),
      cancelText: t('manage.cancel'),
      onOk: () => setEdits({}),
    });

  const template = async () => {
    if (!current) return;
    setDownloading(true);
    try {
      await downloadTemplate(current.id, current.name);
    } catch {
      // The request client has shown why.
    } finally {
      setDownloading(false);
    }
  };

  const columns: TableColumnsType<ExternalScoreRow> = [
    { key: 'studentNumber', dataIndex: 'studentNumber', title: t('externalExam.col.studentNumber'), width: 120, fixed: phone ? undefined : 'left' },
    { key: 'name', dataIndex: 'name', title: t('externalExam.col.name'), width: 100, fixed: phone ? undefined : 'left' },
    { key: 'className', dataIndex: 'className', title: t('externalPage.class'), width: 110 },
    ...subjects.map(
      (subject): TableColumnsType<ExternalScoreRow>[number] => ({
        key: `course-${subject.courseId}`,
        title: t('externalPage.subjectTitle', { name: subject.courseName, full: subject.fullMark }),
        width: 170,
        render: (_: unknown, row) => (
          <ScoreCell
            studentId={row.studentId}
            subject={subject}
            cell={currentValue(row, edits).cells[String(subject.courseId)] ?? EMPTY_CELL}
            problem={problems.get(`${row.studentId}:${subject.courseId}`)}
            readOnly={readOnly}
            onScore={onScore}
            onMark={onMark}
          />
        ),
      }),
    ),
    {
      key: 'total',
      title: t('externalPage.total'),
      width: 80,
      align: 'right',
      render: (_: unknown, row) => {
        const total = totalOf(currentValue(row, edits));
        return <span data-testid={`external-total-${row.studentId}`}>{total === null ? '—' : formatScore(total)}</span>;
      },
    },
    {
      key: 'districtRank',
      title: t('externalExam.col.rank'),
      width: 110,
      render: (_: unknown, row) => {
        const problem = problems.get(`${row.studentId}:rank`);
        return (
          <Tooltip title={problem ? t(problem.key, problem.params) : undefined} open={problem ? undefined : false}>
            <InputNumber<number>
              size="small"
              min={1}
              value={currentValue(row, edits).districtRank}
              disabled={readOnly}
              status={problem ? 'error' : undefined}
              aria-label={t('externalExam.col.rank')}
              onChange={(value) => onRank(row, typeof value === 'number' ? value : null)}
              className="external-rank"
              data-testid={`external-rank-${row.studentId}`}
            />
          </Tooltip>
        );
      },
    },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('externalPage.updatedAt'),
      width: 140,
      render: (value: string | null, row) =>
        edits[row.studentId] ? (
          <Tag color="gold" className="external-tag">
            {t('externalPage.unsaved')}
          </Tag>
        ) : (
          <span className="external-muted external-nowrap">{value ?? '—'}</span>
        ),
    },
  ];

  const saveBlocked = problems.size ? t('externalPage.fixInvalid', { count: problems.size }) : !changed ? t('externalPage.noChanges') : undefined;

  return (
    <SidePanel
      open={!!exam}
      onClose={close}
      closeOnBackdrop={false}
      width={phone ? '100%' : 1120}
      title={current ? t('externalPage.scoresTitle', { name: current.name }) : ''}
      className="external-scores-panel"
    >
      {current && (
        <div className="external-scores" data-testid="external-scores">
          <div className="external-muted">
            {[current.termName, current.gradeName, current.organiser, current.examDate].filter(Boolean).join(' · ')}
          </div>
          {current.released && (
            <Alert type="info" showIcon title={t('externalPage.releasedReadOnly', { time: current.releasedAt ?? '' })} data-testid="external-scores-released" />
          )}
          <div className="external-toolbar">
            <Space size={[8, 8]} wrap>
              <Select<number>
                allowClear
                value={classId}
                placeholder={t('externalPage.allClasses')}
                options={classes.map((item) => ({ value: item.id, label: item.name }))}
                onChange={(value) => {
                  setClassId(value);
                  setPage(1);
                }}
                style={{ width: 150 }}
                aria-label={t('externalPage.class')}
                data-testid="external-scores-class"
              />
              <Input.Search
                allowClear
                maxLength={50}
                placeholder={t('externalPage.studentKeyword')}
                onSearch={(value) => {
                  setKeyword(value.trim());
                  setPage(1);
                }}
                style={{ width: 220 }}
                data-testid="external-scores-keyword"
              />
            </Space>
            <Space size={[8, 8]} wrap>
              {changed > 0 && (
                <Tag color="gold" className="external-tag" data-testid="external-scores-changed">
                  {t('externalPage.changed', { count: changed })}
                </Tag>
              )}
              {problems.size > 0 && (
                <Tag color="red" className="external-tag" data-testid="external-scores-invalid">
                  {t('externalPage.invalid', { count: problems.size })}
                </Tag>
              )}
              {canEdit && (
                <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void template()} data-testid="external-scores-template">
                  {t('externalPage.template')}
                </Button>
              )}
              {!readOnly && (
                <>
                  <Tooltip title={changed ? t('externalPage.importBlocked') : undefined}>
                    <Button icon={<UploadOutlined />} disabled={changed > 0} onClick={() => setImporting(true)} data-testid="external-scores-import">
                      {t('externalPage.import')}
                    </Button>
                  </Tooltip>
                  <Button icon={<UndoOutlined />} disabled={!changed} onClick={discard} data-testid="external-scores-discard">
                    {t('externalPage.discard')}
                  </Button>
                  <Tooltip title={saving ? undefined : saveBlocked}>
                    <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!!saveBlocked} onClick={() => void save()} data-testid="external-scores-save">
                      {changed ? t('externalPage.saveCount', { count: changed }) : t('externalPage.save')}
                    </Button>
                  </Tooltip>
                </>
              )}
            </Space>
          </div>
          {query.isPending ? (
            <div className="external-loading">
              <Spin />
            </div>
          ) : !query.data ? (
            <Alert type="warning" showIcon title={t('externalPage.scoresFailed')} action={<Button size="small" onClick={() => void query.refetch()}>{t('common.retry')}</Button>} />
          ) : subjects.length === 0 ? (
            <Empty description={t('externalPage.noSubjects')} />
          ) : (
            <Table<ExternalScoreRow>
              size="small"
              bordered
              rowKey="studentId"
              columns={columns}
              dataSource={query.data.rows}
              loading={query.isFetching && !query.isPending}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('externalPage.noStudents') }}
              pagination={{
                current: page,
                pageSize: GRID_PAGE_SIZE,
                total: query.data.total,
                showSizeChanger: false,
                showTotal: (total) => (query.data.totalCapped ? t('pagedTable.totalAtLeast', { total }) : t('externalPage.studentCount', { count: total })),
                onChange: setPage,
              }}
              data-testid="external-scores-grid"
            />
          )}
          {!readOnly && (
            <ImportDialog<ExternalImportAnswer>
              open={importing}
              onClose={() => setImporting(false)}
              onImported={() => {
                setEdits({});
                void queryClient.invalidateQueries({ queryKey: externalKeys.scoresOf(current.id) });
                onChanged();
              }}
              title={t('externalPage.importTitle', { name: current.name })}
              hint={t('externalPage.importHint', { absent: t('externalExam.mark.absent'), exempt: t('externalExam.mark.exempt') })}
              url={importUrl(current.id)}
              templateUrl={templateUrl(current.id)}
              templateName={current.name}
              purpose="scoreImport"
              successText={(result) => t('externalExam.scoresSaved', { count: result.saved })}
              testId="external-import"
            />
          )}
        </div>
      )}
    </SidePanel>
  );
}
