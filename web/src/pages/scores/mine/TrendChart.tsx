import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { EChart } from '../../../components/EChart/index.ts';
import type { TrendOption } from './trendModel.ts';

// Only the pieces the trend needs, so the page's chunk stays small.
echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export interface TrendChartProps {
  option: TrendOption;
  /** The chart's name for a screen reader. */
  label: string;
  height: number;
  testId?: string;
}

/** The family's score trend: a line chart (components/EChart). */
export function TrendChart(props: TrendChartProps) {
  return <EChart {...props} className="my-scores-chart" />;
}
