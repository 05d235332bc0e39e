import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Segmented, Spin, theme } from 'antd';
import dayjs from 'dayjs';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LoadError } from '../../../components/LoadState';
import { gatewaysApi } from '../api';
import { trafficSlots } from './format';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

const RANGES = {
  hour: { label: '近1小时', span: 3600_000, buckets: 60, format: 'HH:mm' },
  day: { label: '近24小时', span: 24 * 3600_000, buckets: 24, format: 'MM-DD HH:00' },
} as const;
type Range = keyof typeof RANGES;

/**
 * Traffic: how many values the gateway reported per minute (last hour) or per hour (last day),
 * summed over its indicators. Colours come from the active theme's tokens.
 */
export function TrafficChart({ gatewayId }: { gatewayId: number }) {
  const [range, setRange] = useState<Range>('hour');
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const traffic = useQuery({
    queryKey: ['gateways', 'traffic', gatewayId, range],
    queryFn: async () => {
      const { span, buckets } = RANGES[range];
      const stop = Date.now();
      const start = stop - span;
      return { start, stop, ...(await gatewaysApi.traffic(gatewayId, start, stop, buckets)) };
    },
    refetchInterval: 60_000,
  });

  const points = useMemo(() => (traffic.data ? trafficSlots(traffic.data) : []), [traffic.data]);
  const hasData = points.length > 0;

  useEffect(() => {
    if (!box.current || !hasData) return;
    const chart = echarts.init(box.current);
    const format = RANGES[range].format;
    chart.setOption({
      backgroundColor: 'transparent',
      grid: { left: 48, right: 16, top: 16, bottom: 32 },
      tooltip: {
        trigger: 'axis',
        backgroundColor: token.colorBgElevated,
        borderColor: token.colorBorder,
        textStyle: { color: token.colorText },
      },
      xAxis: {
        type: 'category',
        data: points.map(([ts]) => dayjs(ts).format(format)),
        axisLabel: { color: token.colorTextSecondary },
        axisLine: { lineStyle: { color: token.colorBorder } },
      },
      yAxis: {
        type: 'value',
        name: '数据点',
        nameTextStyle: { color: token.colorTextSecondary },
        axisLabel: { color: token.colorTextSecondary },
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      },
      series: [
        {
          type: 'bar',
          name: '上报数据点',
          data: points.map(([, count]) => count),
          itemStyle: { color: token.colorPrimary, borderRadius: [2, 2, 0, 0] },
        },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [points, hasData, range, token]);

  return (
    <Card
      title="通信流量"
      size="small"
      extra={
        <Segmented<Range>
          size="small"
          value={range}
          onChange={setRange}
          options={Object.entries(RANGES).map(([value, r]) => ({ value: value as Range, label: r.label }))}
        />
      }
    >
      {traffic.isLoading ? (
        <Spin style={{ display: 'block', margin: '100px auto' }} />
      ) : traffic.isError ? (
        <LoadError compact what="上报流量" error={traffic.error} onRetry={traffic.refetch} />
      ) : hasData ? (
        <div ref={box} style={{ height: 240 }} data-testid="traffic-chart" />
      ) : (
        <Empty description="这段时间没有上报数据" style={{ margin: '60px 0' }} />
      )}
    </Card>
  );
}
