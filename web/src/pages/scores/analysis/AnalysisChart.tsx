import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
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

/**
 * An ECharts chart on a div: initialised once, given the option whenever it changes (data, language),
 * resized with its box and the window, disposed on unmount. Where no canvas exists (jsdom, a very old
 * browser) the box stays empty instead of breaking the page.
 */
export function AnalysisChart({ option, label, height, testId }: AnalysisChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    try {
      chart.current = echarts.init(element, undefined, { renderer: 'canvas' });
    } catch {
      chart.current = null;
      return;
    }
    const resize = () => {
      try {
        chart.current?.resize();
      } catch {
        // A chart that could not draw stays as it is.
      }
    };
    window.addEventListener('resize', resize);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(element);
    return () => {
      window.removeEventListener('resize', resize);
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    try {
      chart.current?.setOption(option, { notMerge: true });
    } catch {
      // No canvas: nothing to draw on.
    }
  }, [option]);

  return <div ref={box} className="score-analysis-chart" style={{ height }} role="img" aria-label={label} data-testid={testId} />;
}
