import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Result, Select, Spin, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { DownloadOutlined, MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { type OverallDetails, type OverallPart, type OverallStudentRow, type OverallSubject, type ScoreMark } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { errorMessage, exportOverall, fetchOverallDetails, overallKeys } from './overallCalls.ts';
import { CompleteTag, PageBar, ParamsLost, PartTags, formatScore, formulaText, markLabel, partLabel, useAddressIds } from './overallParts.tsx';
import './overall.css';

/** One exam's part of a student's subject: its score, or absent / exempt, or nothing entered. */
export interface BreakdownCell {
  batchId: number;
  label: string;
  weight: number;
  score: number | null;
  mark: ScoreMark | null;
}

/** A student's subject exam by exam, in the scheme's order. */
export function breakdown(parts: readonly OverallPart[], row: Pick<OverallStudentRow, 'parts'>, courseId: number): BreakdownCell[] {
  const cells = row.parts[String(courseId)] ?? {};
  return parts.map((part) => {
    const cell = cells[String(part.batchId)];
    return { batchId: part.batchId, label: partLabel(parts, part), weight: part.weight, score: cell?.score ?? null, mark: cell?.mark ?? null };
  });
}

/** A part as shown: the score, the absent or exempt label, or '—'. */
export const cellText = (t: TFunction, cell: Pick<BreakdownCell, 'score' | 'mark'>): string => (cell.score !== null ? formatScore(cell.score) : cell.mark ? markLabel(t, cell.mark) : '—');

/** Compares two scores for a column's sort; those without one stay last in either order. */
export function compareScores(a: number | null | undefined, b: number | null | undefined, order?: SortOrder): number {
  const noA = a === null || a === undefined;
  const noB = b === null || b === undefined;
  if (noA && noB) return 0;
  // The table turns the result round for a descending sort: answer so that the empty one ends last anyway.
  if (noA) return order === 'descend' ? -1 : 1;
  if (noB) return order === 'descend' ? 1 : -1;
  return a - b;
}

/**
 * /cjfxNew/zpfx/cjxq?id=<scheme>(&classId=), Overall score details: the scheme (its exams and weights,
 * final or not), a class's statistics per subject, and its students' overall scores per subject with each
 * exam's part, the total and the place in the class; exported as a workbook. A class teacher sees the
 * classes they lead.
 */
export default function OverallDetailsPage({ route }: PageProps) {
  const { i18n } = useTranslation();
  const ids = useAddressIds(route, ['id', 'classId'] as const);
  const title = routeTitle(route, i18n.language);
  if (!ids.id) return <ParamsLost title={title} />;
  return <Details key={`${ids.id}-${ids.classId ?? ''}`} id={ids.id} initialClassId={ids.classId ?? undefined} title={title} />;
}

function Details({ id, initialClassId, title }: { id: number; initialClassId: number | undefined; title: string }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [classId, setClassId] = useState(initialClassId);
  const [exporting, setExporting] = useState(false);
  const query = useQuery({ queryKey: overallKeys.details(id, classId), queryFn: ({ signal }) => fetchOverallDetails(id, classId, signal), placeholderData: keepPreviousData });
  // The scheme and classes stay shown while another class is read, or when it is refused.
  const [known, setKnown] = useState<OverallDetails | undefined>(query.data);
  if (query.data && query.data !== known) setKnown(query.data);
  const details = query.data ?? known;

  if (query.isPending && !details) {
    return (
      <div className="overall-page">
        <PageBar title={title} />
        <section className="overall-section overall-loading" data-testid="overall-details-loading">
          <Spin />
        </section>
      </div>
    );
  }
  // The first read refused (a scheme gone, a class not one's own): nothing of the scheme to show.
  if (!details) return <ParamsLost title={title} message={errorMessage(query.error)} />;

  const { scheme } = details;
  const className = details.classes.find((item) => item.id === details.classId)?.name ?? '';
  const unreleased = scheme.parts.filter((part) => !part.released);

  const download = async () => {
    if (!details.classId) return;
    setExporting(true);
    try {
      await exportOverall(scheme.id, details.classId, [t('overall.exportName'), scheme.name, className].filter(Boolean).join('-'));
    } catch {
      // The request client has shown the refusal.
    } finally {
      setExporting(false);
    }
  };

  let body;
  if (query.isError) {
    body = (
      <Result
        status="warning"
        title={errorMessage(query.error) || t('overallPage.loadFailed')}
        extra={
          <Button onClick={() => void query.refetch()} data-testid="overall-details-retry">
            {t('common.retry')}
          </Button>
        }
        data-testid="overall-details-error"
      />
    );
  } else if (!details.classes.length) {
    body = <Empty description={t('overallPage.noClass')} data-testid="overall-no-class" />;
  } else if (query.isPlaceholderData) {
    body = (
      <div className="overall-loading" data-testid="overall-details-loading">
        <Spin />
      </div>
    );
  } else {
    body = <ClassScores details={details} phone={phone} />;
  }

  return (
    <div className={`overall-page${phone ? ' is-phone' : ''}`} data-testid="overall-details-page">
      <PageBar
        title={
          <>
            {title}
            <span className="overall-subtitle" data-testid="overall-details-name">
              {scheme.name}
            </span>
          </>
        }
        extra={
          details.classId ? (
            <Button icon={<DownloadOutlined />} loading={exporting} disabled={query.isError} onClick={() => void download()} data-testid="overall-export">
              {t('overallPage.export')}
            </Button>
          ) : undefined
        }
      />
      <section className="overall-section" data-testid="overall-details-scheme">
        <div className="overall-facts">
          <span data-testid="overall-details-term">{t('overallPage.termIs', { name: scheme.termName })}</span>
          <span data-testid="overall-details-grade">{t('overallPage.gradeIs', { name: scheme.gradeName })}</span>
          <CompleteTag complete={scheme.complete} testId="overall-details-complete" />
        </div>
        <div className="overall-facts">
          <PartTags parts={scheme.parts} testId="overall-details-parts" />
          {scheme.parts.length > 0 && <span className="overall-muted overall-formula-text">{t('overallPage.formula', { formula: formulaText(scheme.parts) })}</span>}
        </div>
        {!scheme.complete && (
          <Alert
            type="warning"
            showIcon
            title={unreleased.length ? t('overallPage.incompleteAlert', { names: unreleased.map((part) => part.batchName).join(t('overallPage.separator')) }) : t('overallPage.noParts')}
            data-testid="overall-incomplete"
          />
        )}
        {scheme.remarks && <Typography.Text type="secondary">{scheme.remarks}</Typography.Text>}
      </section>
      <section className="overall-section">
        <div className="overall-toolbar">
          <label className="overall-field">
            <span className="overall-label">{t('overallPage.class')}</span>
            <Select<number>
              value={classId ?? details.classId ?? undefined}
              options={details.classes.map((item) => ({ value: item.id, label: item.name }))}
              onChange={setClassId}
              disabled={!details.classes.length}
              loading={query.isFetching}
              placeholder={t('overallPage.classPlaceholder')}
              popupMatchSelectWidth={false}
              className="overall-select"
              aria-label={t('overallPage.class')}
              data-testid="overall-class"
            />
          </label>
        </div>
        {body}
      </section>
    </div>
  );
}

function ClassScores({ details, phone }: { details: OverallDetails; phone: boolean }) {
  const { t } = useTranslation();
  const { scheme, subjects, rows } = details;
  const [expanded, setExpanded] = useState<readonly number[]>([]);

  const statColumns = useMemo<TableColumnsType<OverallSubject>>(
    () => [
      { key: 'courseName', dataIndex: 'courseName', title: t('overallPage.col.subject'), fixed: 'left' },
      { key: 'average', title: t('overallPage.col.average'), align: 'right', render: (_: unknown, row) => formatScore(row.average) },
      { key: 'highest', title: t('overallPage.col.highest'), align: 'right', render: (_: unknown, row) => formatScore(row.highest) },
      { key: 'lowest', title: t('overallPage.col.lowest'), align: 'right', render: (_: unknown, row) => formatScore(row.lowest) },
    ],
    [t],
  );

  const columns = useMemo<TableColumnsType<OverallStudentRow>>(() => {
    const studentNumber = {
      key: 'studentNumber',
      dataIndex: 'studentNumber',
      title: t('overall.col.studentNumber'),
      fixed: phone ? undefined : ('left' as const),
      render: (value: string) => <span className="overall-nowrap">{value}</span>,
    };
    const name = { key: 'name', dataIndex: 'name', title: t('overall.col.name'), fixed: 'left' as const, render: (value: string) => <span className="overall-nowrap">{value}</span> };
    return [
      // On a phone only the name stays put, the first column.
      ...(phone ? [name, studentNumber] : [studentNumber, name]),
      ...subjects.map((subject) => ({
        key: `course-${subject.courseId}`,
        title: subject.courseName,
        align: 'right' as const,
        sorter: (a: OverallStudentRow, b: OverallStudentRow, order?: SortOrder) => compareScores(a.overall[String(subject.courseId)], b.overall[String(subject.courseId)], order),
        sortDirections: ['descend', 'ascend'] as SortOrder[],
        render: (_: unknown, row: OverallStudentRow) => {
          const cells = breakdown(scheme.parts, row, subject.courseId);
          return (
            <Tooltip
              title={
                <div className="overall-tip">
                  {cells.map((cell) => (
                    <div key={cell.batchId}>
                      {cell.label} {cell.weight}%: {cellText(t, cell)}
                    </div>
                  ))}
                </div>
              }
            >
              <span className="overall-number overall-score" data-testid={`overall-cell-${row.studentId}-${subject.courseId}`}>
                {formatScore(row.overall[String(subject.courseId)])}
              </span>
            </Tooltip>
          );
        },
      })),
      {
        key: 'total',
        title: t('overall.col.total'),
        align: 'right' as const,
        sorter: (a: OverallStudentRow, b: OverallStudentRow, order?: SortOrder) => compareScores(a.total, b.total, order),
        sortDirections: ['descend', 'ascend'] as SortOrder[],
        render: (_: unknown, row: OverallStudentRow) => (
          <strong className="overall-number" data-testid={`overall-total-${row.studentId}`}>
            {formatScore(row.total)}
          </strong>
        ),
      },
      {
        key: 'classRank',
        title: t('overall.col.classRank'),
        align: 'right' as const,
        sorter: (a: OverallStudentRow, b: OverallStudentRow, order?: SortOrder) => compareScores(a.classRank, b.classRank, order),
        render: (_: unknown, row: OverallStudentRow) => (
          <span className="overall-number" data-testid={`overall-rank-${row.studentId}`}>
            {row.classRank ?? '—'}
          </span>
        ),
      },
    ];
  }, [t, phone, subjects, scheme.parts]);

  return (
    <>
      <div className="overall-block" data-testid="overall-stats">
        <Typography.Text strong>{t('overallPage.statsTitle')}</Typography.Text>
        {subjects.length ? (
          <Table<OverallSubject> rowKey="courseId" size="small" columns={statColumns} dataSource={subjects} pagination={false} scroll={{ x: 'max-content' }} />
        ) : (
          <Empty description={t('overallPage.noSubjects')} />
        )}
      </div>
      <div className="overall-block">
        <div className="overall-section-head">
          <Typography.Text strong>{t('overallPage.studentsTitle', { count: rows.length })}</Typography.Text>
          <Typography.Text type="secondary" className="overall-hint">
            {t('overallPage.breakdownHint')}
          </Typography.Text>
        </div>
        {rows.length ? (
          <div data-testid="overall-details-table">
            <Table<OverallStudentRow>
              rowKey="studentId"
              size="small"
              columns={columns}
              dataSource={rows}
              pagination={false}
              scroll={{ x: 'max-content' }}
              showSorterTooltip={false}
              expandable={{
                expandedRowKeys: expanded,
                onExpandedRowsChange: (keys) => setExpanded(keys as number[]),
                expandedRowRender: (row) => <Breakdown details={details} row={row} />,
                expandIcon: ({ expanded: open, record, onExpand }) => (
                  <Button
                    type="text"
                    size="small"
                    icon={open ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
                    onClick={(event) => onExpand(record, event)}
                    aria-label={t(open ? 'overallPage.hideBreakdown' : 'overallPage.showBreakdown', { name: record.name })}
                    aria-expanded={open}
                    data-testid={`overall-expand-${record.studentId}`}
                  />
                ),
                fixed: 'left',
              }}
            />
          </div>
        ) : (
          <Empty description={t('overallPage.noStudents')} data-testid="overall-no-students" />
        )}
      </div>
    </>
  );
}

interface BreakdownLine {
  courseId: number;
  courseName: string;
  cells: BreakdownCell[];
  overall: number | null;
}

/** A student's subjects exam by exam: each exam's score (or absent / exempt) and the overall score it makes. */
function Breakdown({ details, row }: { details: OverallDetails; row: OverallStudentRow }) {
  const { t } = useTranslation();
  const { scheme, subjects } = details;
  const lines: BreakdownLine[] = subjects.map((subject) => ({
    courseId: subject.courseId,
    courseName: subject.courseName,
    cells: breakdown(scheme.parts, row, subject.courseId),
    overall: row.overall[String(subject.courseId)] ?? null,
  }));
  const columns: TableColumnsType<BreakdownLine> = [
    { key: 'courseName', dataIndex: 'courseName', title: t('overallPage.col.subject') },
    ...scheme.parts.map((part, index) => ({
      key: `part-${part.batchId}`,
      title: `${partLabel(scheme.parts, part)} ${part.weight}%`,
      align: 'right' as const,
      render: (_: unknown, line: BreakdownLine) => {
        const cell = line.cells[index]!;
        return (
          <span className={cell.mark && cell.score === null ? `overall-mark is-${cell.mark}` : 'overall-number'} data-testid={`overall-part-${row.studentId}-${line.courseId}-${part.batchId}`}>
            {cellText(t, cell)}
          </span>
        );
      },
    })),
    { key: 'overall', title: t('overallPage.col.overall'), align: 'right', render: (_: unknown, line) => <strong className="overall-number">{formatScore(line.overall)}</strong> },
  ];
  return (
    <div className="overall-breakdown" data-testid={`overall-breakdown-${row.studentId}`}>
      <Table<BreakdownLine> rowKey="courseId" size="small" columns={columns} dataSource={lines} pagination={false} scroll={{ x: 'max-content' }} />
      <Typography.Text type="secondary" className="overall-hint">
        {t('overallPage.ruleHint')}
      </Typography.Text>
    </div>
  );
}
