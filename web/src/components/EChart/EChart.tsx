import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';

export interface EChartProps {
  /**
   * The chart's option. The page registers the ECharts pieces it needs (`echarts.use`) in its own module,
   * so each page's chunk carries only those.
   */
  option: echarts.EChartsCoreOption;
  /** The chart's name for a screen reader. */
  label: string;
  height: number;
  className?: string;
  testId?: string;
}

/**
 * An ECharts chart on a div: initialised once, given the option whenever it changes (data, language,
 * width class), resized with its box and the window, disposed on unmount. Where no canvas exists (jsdom,
 * a very old browser) the box stays empty instead of breaking the page.
 */
export function EChart({ option, label, height, className, testId }: EChartProps) {
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

  return <div ref={box} className={className} style={{ height }} role="img" aria-label={label} data-testid={testId} />;
}
