import * as echarts from 'echarts/core';
import { useEffect, useRef } from 'react';

/**
 * An echarts instance in the returned element for the component's life: made on mount, resized
 * with its box, disposed on unmount. Each chart component registers what it draws with
 * `echarts.use` (the build keeps only those). Effects that set options run after this one.
 */
export function useEChart(renderer: 'canvas' | 'svg' = 'canvas') {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current, undefined, { renderer });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [renderer]);
  return { element, chart };
}
