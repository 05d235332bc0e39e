import { type GlobalToken, theme } from 'antd';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect } from 'react';
import { useEChart } from './useEChart';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/**
 * A chart of an analysis or statistics screen (预警分析, 维保统计): echarts on a canvas, resized with
 * its box, its option built from the active theme's tokens (so light and tech both read). `values`
 * names what is drawn, as "name:value" pairs, for people using assistive tools and for browser tests.
 */
export function ThemedChart({
  build,
  values,
  height = 280,
  testId,
}: {
  build: (token: GlobalToken) => echarts.EChartsCoreOption;
  values: [string, number | string][];
  height?: number;
  testId: string;
}) {
  const { element, chart } = useEChart();
  const { token } = theme.useToken();

  useEffect(() => {
    chart.current?.setOption(
      {
        backgroundColor: 'transparent',
        textStyle: { fontFamily: token.fontFamily, color: token.colorText },
        tooltip: {
          backgroundColor: token.colorBgElevated,
          borderColor: token.colorBorder,
          textStyle: { color: token.colorText },
        },
        ...build(token),
      },
      { notMerge: true },
    );
  }, [build, token, chart]);

  return (
    <div
      ref={element}
      role="img"
      aria-label={values.map(([name, value]) => `${name} ${value}`).join('，')}
      data-testid={testId}
      data-values={values.map(([name, value]) => `${name}:${value}`).join('|')}
      style={{ width: '100%', height }}
    />
  );
}

/** Axis colours of the active theme, for the category and value axes. */
export function axisStyle(token: GlobalToken) {
  return {
    axisLabel: { color: token.colorTextSecondary },
    axisLine: { lineStyle: { color: token.colorBorder } },
    splitLine: { lineStyle: { color: token.colorBorderSecondary } },
  };
}
