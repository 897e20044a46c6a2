import { useMemo } from 'react';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { DivisionPreview } from '@campus/contract';
import { EChart } from '../../../components/EChart/index.ts';

// Only the pieces the bar chart needs, so the page's chunk stays small.
echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export interface DivisionChartProps {
  classes: DivisionPreview['classes'];
  /** The chart's name for a screen reader, and its series name. */
  label: string;
  series: string;
}

/** The added students' average entrance score of each class, as bars (the axis starts at a round value below the lowest). */
export function DivisionChart({ classes, label, series }: DivisionChartProps) {
  const option = useMemo(() => {
    const averages = classes.map((item) => item.average);
    const known = averages.filter((value): value is number => value != null);
    // From a round value some way below the lowest average, in four even steps: the bars differ as much as the averages do, no more.
    const low = known.length ? Math.max(0, Math.floor((Math.min(...known) - 50) / 50) * 50) : 0;
    const step = known.length ? Math.max(25, Math.ceil((Math.max(...known) + 10 - low) / 4 / 25) * 25) : 250;
    return {
      grid: { left: 48, right: 16, top: 16, bottom: 48 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: classes.map((item) => item.className), axisLabel: { interval: 0, rotate: classes.length > 4 ? 30 : 0 } },
      yAxis: { type: 'value', min: low, max: low + 4 * step, interval: step },
      series: [{ name: series, type: 'bar', data: averages, barMaxWidth: 36, label: { show: true, position: 'top' } }],
    };
  }, [classes, series]);
  return <EChart option={option} label={label} height={260} className="division-chart-box" testId="division-chart" />;
}
