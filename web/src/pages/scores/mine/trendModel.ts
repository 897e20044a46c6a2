import type { MyScoreBatch } from '@campus/contract';
import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/** The option of the trend chart: only the pieces TrendChart registers. */
export type TrendOption = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption>;

/** One point of a line: the percent of the full mark, with the score and the full mark behind it. */
export interface TrendPoint {
  percent: number;
  score: number;
  full: number;
}

export interface TrendLine {
  /** 0 for the total. */
  courseId: number;
  name: string;
  /** One per batch of the axis; null where the subject has no score (absent, exempt, not examined). */
  points: (TrendPoint | null)[];
}

export interface TrendModel {
  /** The batches of the axis, the oldest first. */
  batches: MyScoreBatch[];
  /** The axis labels, one per batch. */
  labels: string[];
  total: TrendLine;
  subjects: TrendLine[];
}

/** The texts the chart shows, in the user's language. */
export interface TrendTexts {
  total: string;
}

/** The colour of the total's line (dark blue, bold); the subjects take SUBJECT_COLORS, none of them that blue. */
export const TOTAL_COLOR = '#1d39c4';
export const SUBJECT_COLORS = ['#13c2c2', '#fa8c16', '#52c41a', '#eb2f96', '#722ed1', '#d4b106', '#fa541c', '#8c8c8c', '#a0d911', '#9e6b3f', '#597ef7', '#f5222d'];

/** A score as people write it: at most two decimals, no trailing zeros. */
export function formatScore(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** The percent of the full mark with one decimal; null without a full mark. */
export function percentOf(score: number, full: number): number | null {
  if (!(full > 0) || !Number.isFinite(score)) return null;
  return Math.round((score / full) * 1000) / 10;
}

const point = (score: number | null, full: number): TrendPoint | null => {
  if (score === null) return null;
  const percent = percentOf(score, full);
  return percent === null ? null : { percent, score, full };
};

/**
 * The batches of the trend: those with a total, in time order (the oldest first). The server sends the
 * newest first; the axis reads that order backwards, so the chart and the cards never disagree.
 */
export function trendBatches(batches: readonly MyScoreBatch[]): MyScoreBatch[] {
  return batches.filter((batch) => batch.total !== null && batch.totalFull > 0).reverse();
}

/**
 * The label of each batch on the axis: its exam node (the batch name without one); batches sharing a
 * label add their term, and any still alike fall back to the batch name.
 */
export function batchLabels(batches: readonly MyScoreBatch[]): string[] {
  const count = (labels: string[]) => labels.reduce((map, label) => map.set(label, (map.get(label) ?? 0) + 1), new Map<string, number>());
  const first = batches.map((batch) => batch.examNode.trim() || batch.name);
  const firstCount = count(first);
  const second = first.map((label, index) => (firstCount.get(label)! > 1 && batches[index]!.termName ? `${label}\n${batches[index]!.termName}` : label));
  const secondCount = count(second);
  return second.map((label, index) => (secondCount.get(label)! > 1 ? batches[index]!.name : label));
}

/** The lines of the trend: the total and one per subject (in the order of the newest batch). */
export function buildTrend(batches: readonly MyScoreBatch[]): TrendModel {
  const axis = trendBatches(batches);
  const courses = new Map<number, string>();
  // The newest batch names the subjects first (its order and names), older ones add the rest.
  for (const batch of [...axis].reverse()) for (const subject of batch.subjects) if (!courses.has(subject.courseId)) courses.set(subject.courseId, subject.courseName);
  const subjects = [...courses].map(([courseId, name]) => ({
    courseId,
    name,
    points: axis.map((batch) => {
      const subject = batch.subjects.find((one) => one.courseId === courseId);
      return subject ? point(subject.score, subject.fullMark) : null;
    }),
  }));
  return {
    batches: axis,
    labels: batchLabels(axis),
    total: { courseId: 0, name: '', points: axis.map((batch) => point(batch.total, batch.totalFull)) },
    subjects: subjects.filter((line) => line.points.some(Boolean)),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

interface TooltipParam {
  seriesIndex?: number;
  dataIndex?: number;
  marker?: unknown;
}

/**
 * The tooltip of one batch: its name and term, then each line's score / full mark and percent (a line
 * without a score there is left out).
 */
export function trendTooltip(model: TrendModel, texts: TrendTexts, params: unknown): string {
  const list = (Array.isArray(params) ? params : [params]) as TooltipParam[];
  const index = list[0]?.dataIndex ?? 0;
  const batch = model.batches[index];
  if (!batch) return '';
  const lines = [model.total, ...model.subjects];
  const rows = list.flatMap((param) => {
    const line = lines[param.seriesIndex ?? -1];
    const at = line?.points[index];
    if (!line || !at) return [];
    const name = line === model.total ? texts.total : line.name;
    const marker = typeof param.marker === 'string' ? param.marker : '';
    const strong = line === model.total ? ' style="font-weight:600"' : '';
    return [`<div${strong}>${marker}${escapeHtml(name)}: ${formatScore(at.score)} / ${formatScore(at.full)} (${at.percent}%)</div>`];
  });
  const head = `<div style="font-weight:600">${escapeHtml(batch.name)}</div><div style="opacity:.7">${escapeHtml(batch.termName)}</div>`;
  return head + rows.join('');
}

/** The chart's option: the axis in time order, the percent of the full mark 0–100, the total bold. */
export function trendOption(model: TrendModel, texts: TrendTexts, phone: boolean): TrendOption {
  const data = (line: TrendLine) => line.points.map((at) => (at ? at.percent : null));
  const series: LineSeriesOption[] = [
    {
      type: 'line',
      name: texts.total,
      data: data(model.total),
      color: TOTAL_COLOR,
      lineStyle: { width: 4 },
      symbolSize: 9,
      z: 10,
      emphasis: { focus: 'series' },
    },
    ...model.subjects.map(
      (line, index): LineSeriesOption => ({
        type: 'line',
        name: line.name,
        data: data(line),
        color: SUBJECT_COLORS[index % SUBJECT_COLORS.length],
        connectNulls: true,
        lineStyle: { width: 2 },
        symbolSize: 6,
        emphasis: { focus: 'series' },
      }),
    ),
  ];
  return {
    animationDuration: 400,
    tooltip: { trigger: 'axis', confine: true, formatter: (params: unknown) => trendTooltip(model, texts, params) },
    legend: { type: 'scroll', top: 0, left: 0, right: 0, itemWidth: 18, itemHeight: 10, data: series.map((one) => String(one.name)) },
    grid: { top: 40, left: 4, right: phone ? 8 : 16, bottom: 4, outerBoundsMode: 'same' },
    xAxis: {
      type: 'category',
      data: model.labels,
      axisTick: { alignWithLabel: true },
      axisLabel: { interval: 0, hideOverlap: true, rotate: phone && model.labels.length > 3 ? 30 : 0, width: phone ? 72 : 120, overflow: 'truncate' },
    },
    yAxis: { type: 'value', min: 0, max: 100, interval: 20, axisLabel: { formatter: '{value}%' } },
    series,
  };
}
