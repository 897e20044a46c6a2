import { SCORE_BAND_COUNT, type ClassStats, type ScoreMark, type SubjectStats, type SubjectStrength, type TrendPoint } from '@campus/contract';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, MarkLineComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/** The option of the page's charts: only the pieces AnalysisChart registers. */
export type AnalysisOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption | MarkLineComponentOption>;

/** What is shown where a figure is missing. */
export const NONE = '—';

export const PRIMARY = '#1677ff';
export const GRADE_COLOR = '#fa541c';
export const UP_COLOR = '#389e0d';
export const DOWN_COLOR = '#cf1322';

/** A score or average as people write it: at most two decimals, no trailing zeros. */
export function formatScore(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  return String(Math.round(value * 100) / 100);
}

/** A share from 0 to 1 as a percent with one decimal: "85.3%". */
export function formatRate(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  return `${Math.round(value * 1000) / 10}%`;
}

/** A gap with its sign: "+2.5", "-1", "0". */
export function formatGap(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  const rounded = Math.round(value * 100) / 100;
  return rounded > 0 ? `+${rounded}` : String(rounded);
}

/** "3 / 12", or the dash without a place. */
export function formatPlace(place: number | null | undefined, size?: number | null): string {
  if (place === null || place === undefined) return NONE;
  return size ? `${place} / ${size}` : String(place);
}

/** The colour class of a gap: above the grade green, below red. */
export function gapClass(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value) || Math.round(value * 100) === 0) return 'score-analysis-gap';
  return value > 0 ? 'score-analysis-gap is-up' : 'score-analysis-gap is-down';
}

/** The mark words of the page (absent, exempt) in the user's language. */
export type MarkLabels = Record<ScoreMark, string>;

/** A student's cell: the score, the mark's word, or the dash. */
export function cellText(score: number | null | undefined, mark: ScoreMark | null | undefined, marks: MarkLabels): string {
  if (mark) return marks[mark] ?? NONE;
  return formatScore(score);
}

/** The bounds of each band in percent of the full mark: [0, 10], [10, 20] … [90, 100]. */
export function bandBounds(count = SCORE_BAND_COUNT): { from: number; to: number }[] {
  return Array.from({ length: count }, (_, index) => ({ from: Math.round((index * 100) / count), to: Math.round(((index + 1) * 100) / count) }));
}

/** The band counts, always SCORE_BAND_COUNT of them (missing ones as 0). */
export function bandCounts(stats: Pick<SubjectStats, 'bands'>): number[] {
  return Array.from({ length: SCORE_BAND_COUNT }, (_, index) => Number(stats.bands?.[index] ?? 0) || 0);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The distribution of a subject over the bands: x the bands ("0–10 %"), y the students. */
export function bandOption(stats: SubjectStats, texts: { bands: string[]; students: string }): AnalysisOption {
  return {
    grid: { left: 48, right: 16, top: 32, bottom: 48, containLabel: false },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: texts.bands, axisLabel: { interval: 0, rotate: texts.bands.some((band) => band.length > 8) ? 30 : 0 } },
    yAxis: { type: 'value', name: texts.students, minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: texts.students,
        data: bandCounts(stats),
        itemStyle: { color: PRIMARY },
        barMaxWidth: 36,
        label: { show: true, position: 'top' },
      },
    ],
  };
}

const round2 = (value: number | null) => (value === null || !Number.isFinite(value) ? null : Math.round(value * 100) / 100);

/**
 * The classes of a subject side by side: for each class its average, highest and lowest as a group of
 * bars, the grade average as a line across; the caller's own classes in bold on the axis.
 */
export function classOption(grade: SubjectStats, classes: ClassStats[], texts: { average: string; highest: string; lowest: string; gradeAverage: string }): AnalysisOption {
  return {
    grid: { left: 48, right: 24, top: 48, bottom: 56 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { data: [texts.average, texts.highest, texts.lowest], top: 0 },
    xAxis: {
      type: 'category',
      data: classes.map((row) => ({ value: row.className, textStyle: row.mine ? { fontWeight: 'bold', color: PRIMARY } : {} })),
      axisLabel: { interval: 0, rotate: classes.length > 8 ? 30 : 0 },
    },
    yAxis: { type: 'value', min: 0, max: grade.fullMark > 0 ? grade.fullMark : undefined },
    series: [
      {
        type: 'bar',
        name: texts.average,
        data: classes.map((row) => round2(row.average)),
        itemStyle: { color: PRIMARY },
        barMaxWidth: 28,
        markLine:
          grade.average === null
            ? undefined
            : {
                symbol: 'none',
                lineStyle: { color: GRADE_COLOR, type: 'dashed' },
                label: { formatter: `${texts.gradeAverage} ${formatScore(grade.average)}`, position: 'insideEndTop' },
                data: [{ yAxis: round2(grade.average) ?? 0, name: texts.gradeAverage }],
              },
      },
      { type: 'bar', name: texts.highest, data: classes.map((row) => round2(row.highest)), itemStyle: { color: '#73d13d' }, barMaxWidth: 28 },
      { type: 'bar', name: texts.lowest, data: classes.map((row) => round2(row.lowest)), itemStyle: { color: '#bfbfbf' }, barMaxWidth: 28 },
    ],
  };
}

/**
 * The label of each exam on the trend's axis: its exam node (the name without one); exams sharing a label
 * add their term, and any still alike fall back to the batch name.
 */
export function trendLabels(points: readonly Pick<TrendPoint, 'name' | 'examNode' | 'termName'>[]): string[] {
  const count = (labels: string[]) => labels.reduce((map, label) => map.set(label, (map.get(label) ?? 0) + 1), new Map<string, number>());
  const first = points.map((point) => point.examNode.trim() || point.name);
  const firstCount = count(first);
  const second = first.map((label, index) => (firstCount.get(label)! > 1 && points[index]!.termName ? `${label}\n${points[index]!.termName}` : label));
  const secondCount = count(second);
  return second.map((label, index) => (secondCount.get(label)! > 1 ? points[index]!.name : label));
}

/** The total's share of the full mark in percent with one decimal; null without one. */
export function totalShare(point: Pick<TrendPoint, 'total' | 'totalFull'>): number | null {
  if (point.total === null || !(point.totalFull > 0)) return null;
  return Math.round((point.total / point.totalFull) * 1000) / 10;
}

export interface TrendTexts {
  gradePlace: string;
  share: string;
  total: string;
  classPlace: string;
}

/** The tooltip of one exam of the trend: its name, the total, and the places. */
export function trendTooltip(points: readonly TrendPoint[], texts: TrendTexts, index: number): string {
  const point = points[index];
  if (!point) return '';
  const lines = [
    `<b>${escapeHtml(point.name)}</b>`,
    `${escapeHtml(texts.total)}: ${formatScore(point.total)} / ${formatScore(point.totalFull)}${point.total === null ? '' : ` (${totalShare(point) ?? NONE}%)`}`,
    `${escapeHtml(texts.gradePlace)}: ${formatPlace(point.gradeRank, point.gradeSize)}`,
    `${escapeHtml(texts.classPlace)}: ${formatPlace(point.classRank, point.classSize)}`,
  ];
  return lines.join('<br/>');
}

/**
 * A student's exams over time (the oldest first): the place in the grade on the left axis, upside down so
 * that a better place is higher, and the total as a share of its full mark on the right.
 */
export function trendOption(points: readonly TrendPoint[], texts: TrendTexts): AnalysisOption {
  const biggest = Math.max(1, ...points.map((point) => point.gradeSize || 0));
  return {
    grid: { left: 56, right: 56, top: 48, bottom: 48 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const first = (Array.isArray(params) ? params[0] : params) as { dataIndex?: number } | undefined;
        return trendTooltip(points, texts, first?.dataIndex ?? -1);
      },
    },
    legend: { data: [texts.gradePlace, texts.share], top: 0 },
    xAxis: { type: 'category', data: trendLabels(points), boundaryGap: false },
    yAxis: [
      { type: 'value', name: texts.gradePlace, inverse: true, min: 1, max: biggest, minInterval: 1 },
      { type: 'value', name: texts.share, min: 0, max: 100, axisLabel: { formatter: '{value}%' }, splitLine: { show: false } },
    ],
    series: [
      { type: 'line', name: texts.gradePlace, yAxisIndex: 0, data: points.map((point) => point.gradeRank), connectNulls: false, itemStyle: { color: PRIMARY }, symbolSize: 8 },
      { type: 'line', name: texts.share, yAxisIndex: 1, data: points.map((point) => totalShare(point)), connectNulls: false, itemStyle: { color: GRADE_COLOR }, lineStyle: { type: 'dashed' }, symbolSize: 6 },
    ],
  };
}

/** The subjects of the latest exam by z-score: right of 0 stronger than the grade (green), left weaker (red). */
export function strengthOption(subjects: readonly SubjectStrength[], texts: { zScore: string }): AnalysisOption {
  const rows = subjects.filter((subject) => subject.zScore !== null);
  const reach = Math.max(1, ...rows.map((subject) => Math.ceil(Math.abs(subject.zScore!))));
  return {
    grid: { left: 88, right: 32, top: 24, bottom: 32 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', name: texts.zScore, min: -reach, max: reach },
    yAxis: { type: 'category', data: rows.map((subject) => subject.courseName), inverse: true, axisTick: { show: false } },
    series: [
      {
        type: 'bar',
        name: texts.zScore,
        data: rows.map((subject) => {
          const up = subject.zScore! >= 0;
          return { value: Math.round(subject.zScore! * 100) / 100, itemStyle: { color: up ? UP_COLOR : DOWN_COLOR }, label: { position: up ? 'right' : 'left' } };
        }),
        barMaxWidth: 20,
        label: { show: true, formatter: (params: { value?: unknown }) => formatGap(Number(params.value)) },
      },
    ],
  };
}
