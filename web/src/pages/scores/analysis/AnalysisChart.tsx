import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { EChart } from '../../../components/EChart/index.ts';
import type { AnalysisOption } from './analysisModel.ts';

// Only the pieces the analysis charts need, so the page's chunk stays small.
echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, CanvasRenderer]);

export interface AnalysisChartProps {
  option: AnalysisOption;
  /** The chart's name for a screen reader. */
  label: string;
  height: number;
  testId?: string;
}

/** A chart of the analysis (bands, classes, trend, strengths) on components/EChart. */
export function AnalysisChart(props: AnalysisChartProps) {
  return <EChart {...props} className="score-analysis-chart" />;
}
