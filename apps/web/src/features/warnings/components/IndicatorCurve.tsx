import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { LoadError } from '../../../components/LoadState';
import { dataQueryMessage, fetchChart, SeriesChart } from '../../monitoring/index';

/** Buckets asked for: a drawer-wide chart needs no more. */
const BUCKETS = 300;

export interface CurveMark {
  axis: 'x' | 'y';
  value: number;
  label: string;
}

/**
 * One gateway indicator's curve over a range (the monitoring screens' chart), with dashed reference
 * lines: thresholds across, moments (a warning's start and release) along.
 */
export function IndicatorCurve({
  gatewayId,
  metric,
  name,
  unit,
  decimals,
  start,
  stop,
  marks,
  height = 300,
}: {
  gatewayId: number;
  metric: string;
  name: string;
  unit: string;
  decimals: number | null;
  start: number;
  stop: number;
  marks?: CurveMark[];
  height?: number;
}) {
  const chart = useQuery({
    queryKey: ['warnings', 'curve', gatewayId, metric, start, stop],
    // A failure is said soon, with its retry (LoadError), rather than after three silent tries.
    retry: 1,
    queryFn: () =>
      fetchChart({
        gatewayIds: [gatewayId],
        metrics: [metric],
        startTime: start,
        stopTime: stop,
        buckets: BUCKETS,
      }),
  });
  const lines = useMemo(
    () => [
      {
        key: `${gatewayId}:${metric}`,
        name,
        unit,
        decimals,
        points: chart.data?.series.find((s) => s.metric === metric)?.points ?? [],
      },
    ],
    [chart.data, gatewayId, metric, name, unit, decimals],
  );
  if (chart.isError)
    return (
      <LoadError
        compact
        what="曲线"
        error={new Error(dataQueryMessage(chart.error))}
        onRetry={chart.refetch}
      />
    );
  const empty = chart.isSuccess && lines[0]!.points.length === 0;
  return (
    <div
      data-testid="indicator-curve"
      data-loaded={chart.isSuccess ? 'true' : 'false'}
      data-points={lines[0]!.points.length}
    >
      <SeriesChart lines={lines} start={start} stop={stop} band markLines={marks} height={height} />
      {empty && (
        <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'center' }}>
          该时段没有数据
        </Typography.Text>
      )}
    </div>
  );
}
