import ExcelJS from 'exceljs';
import { SCORE_BAND_COUNT, translate, type ClassComparison, type GradeAnalysis, type Language, type RankingRow, type ScoreFigures } from '@campus/contract';

/** 成绩分析 as a workbook: the grade's figures, every class's per subject, and the total's ranking when the caller may see it. */

const percent = (value: number | null) => (value === null ? '' : Math.round(value * 1000) / 10);

type Figures = ScoreFigures & { bands?: number[] };

function statsColumns(language: Language): { header: string; value: (row: Figures) => string | number | null }[] {
  const t = (key: string, values?: Record<string, string | number>) => translate(language, key, values);
  return [
    { header: t('scoreAnalysis.col.counted'), value: (row) => row.counted },
    { header: t('scoreAnalysis.col.absent'), value: (row) => row.absent },
    { header: t('scoreAnalysis.col.exempt'), value: (row) => row.exempt },
    { header: t('scoreAnalysis.col.average'), value: (row) => row.average },
    { header: t('scoreAnalysis.col.highest'), value: (row) => row.highest },
    { header: t('scoreAnalysis.col.lowest'), value: (row) => row.lowest },
    { header: t('scoreAnalysis.col.stdDev'), value: (row) => row.stdDev },
    { header: `${t('scoreAnalysis.col.passRate')} %`, value: (row) => percent(row.passRate) },
    { header: `${t('scoreAnalysis.col.goodRate')} %`, value: (row) => percent(row.goodRate) },
    { header: `${t('scoreAnalysis.col.excellentRate')} %`, value: (row) => percent(row.excellentRate) },
    ...Array.from({ length: SCORE_BAND_COUNT }, (_, band) => ({
      header: t('scoreAnalysis.col.band', { from: band * 10, to: (band + 1) * 10 }),
      value: (row: Figures) => row.bands?.[band] ?? 0,
    })),
  ];
}

function addSheet(workbook: ExcelJS.Workbook, name: string, headers: string[], rows: (string | number | null)[][]): void {
  const sheet = workbook.addWorksheet(name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(headers).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map((value) => value ?? ''));
  sheet.columns.forEach((column, index) => {
    column.width = Math.max(10, (headers[index]?.length ?? 0) * 2 + 2);
  });
}

export async function buildAnalysisWorkbook(
  language: Language,
  grade: GradeAnalysis,
  comparisons: ClassComparison[],
  ranking: { rows: RankingRow[]; subjects: { courseId: number; courseName: string }[]; scores: Map<number, Map<number, string | number>> } | null,
): Promise<Buffer> {
  const t = (key: string) => translate(language, key);
  const columns = statsColumns(language);
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  addSheet(
    workbook,
    t('scoreAnalysis.sheet.grade'),
    [t('scoreAnalysis.col.subject'), ...columns.map((column) => column.header)],
    grade.subjects.map((row) => [row.courseName, ...columns.map((column) => column.value(row))]),
  );
  addSheet(
    workbook,
    t('scoreAnalysis.sheet.classes'),
    [t('scoreAnalysis.col.subject'), t('scoreAnalysis.col.class'), ...columns.map((column) => column.header)],
    comparisons.flatMap((comparison) =>
      [{ ...comparison.grade, className: grade.batch.gradeName }, ...comparison.classes].map((row) => [
        comparison.grade.courseName,
        row.className,
        ...columns.map((column) => column.value(row)),
      ]),
    ),
  );
  if (ranking) {
    addSheet(
      workbook,
      t('scoreAnalysis.sheet.ranking'),
      [
        t('scoreAnalysis.col.gradeRank'),
        t('scoreAnalysis.col.classRank'),
        t('scoreAnalysis.col.studentNumber'),
        t('scoreAnalysis.col.name'),
        t('scoreAnalysis.col.class'),
        ...ranking.subjects.map((subject) => subject.courseName),
        t('scoreAnalysis.total'),
      ],
      ranking.rows.map((row) => [
        row.gradeRank,
        row.classRank,
        row.studentNumber,
        row.name,
        row.className,
        ...ranking.subjects.map((subject) => ranking.scores.get(row.studentId)?.get(subject.courseId) ?? ''),
        row.score,
      ]),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
