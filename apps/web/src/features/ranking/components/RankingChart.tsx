import { theme } from 'antd';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect } from 'react';
import { useEChart } from '../../../components/useEChart';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export interface RankingBar {
  name: string;
  value: number | null;
  /** The value as shown, with its decimals and unit; null when the series has no data. */
  text: string | null;
}

const BAR_HEIGHT = 30;

/** A horizontal bar per ranked series, first at the top; colours from the active theme's tokens. */
export function RankingChart({ bars }: { bars: RankingBar[] }) {
  const { element, chart } = useEChart();
  const { token } = theme.useToken();

  useEffect(() => {
    chart.current?.setOption(
      {
        backgroundColor: 'transparent',
        textStyle: { fontFamily: token.fontFamily, color: token.colorText },
        grid: { left: 8, right: 72, top: 8, bottom: 24, containLabel: true },
        tooltip: {
          trigger: 'axis',
          axisPointer: { type: 'shadow' },
          backgroundColor: token.colorBgElevated,
          borderColor: token.colorBorder,
          textStyle: { color: token.colorText },
          formatter: (params: { dataIndex: number; name: string }[]) => {
            const first = params[0];
            const text = `${first?.name ?? ''}：${(first && bars[first.dataIndex]?.text) ?? '无数据'}`;
            return first ? echarts.format.encodeHTML(text) : '';
          },
        },
        xAxis: {
          type: 'value',
          axisLabel: { color: token.colorTextSecondary },
          splitLine: { lineStyle: { color: token.colorBorderSecondary } },
        },
        yAxis: {
          type: 'category',
          inverse: true,
          data: bars.map((b) => b.name),
          axisLabel: { color: token.colorText, width: 160, overflow: 'truncate' },
          axisLine: { lineStyle: { color: token.colorBorder } },
          axisTick: { show: false },
        },
        series: [
          {
            type: 'bar',
            barMaxWidth: 18,
            data: bars.map((b, i) => ({
              value: b.value,
              itemStyle: {
                color: i < 3 ? token.colorPrimary : token.colorPrimaryBorder,
                borderRadius: [0, 4, 4, 0],
              },
            })),
            label: {
              show: true,
              position: 'right',
              color: token.colorText,
              formatter: ({ dataIndex }: { dataIndex: number }) => bars[dataIndex]?.text ?? '无数据',
            },
          },
        ],
      },
      { notMerge: true },
    );
    chart.current?.resize();
  }, [bars, token, chart.current?.setOption, chart.current?.resize]);

  return (
    <div
      ref={element}
      data-testid="ranking-chart"
      style={{ width: '100%', height: Math.max(160, bars.length * BAR_HEIGHT + 40) }}
    />
  );
}
