import { MAX_SERIES_PER_QUERY } from '@iot/contracts/history';
import { App, Button, Card, Empty, Flex, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { ChartState } from '../components/ChartState';
import { GatewayIndicatorPicker } from '../components/GatewayIndicatorPicker';
import { MetaFailureAlert } from '../components/MetaFailureAlert';
import { axisOf, SeriesChart } from '../components/SeriesChart';
import { resolveRange, TimeRangeField } from '../components/TimeRangeField';
import { toLines, useSelection } from '../components/useSelection';
import { useSeriesQuery } from '../components/useSeriesQuery';
import { useZoomedChart } from '../components/useZoomedChart';

interface Conditions {
  gatewayIndicatorIds: number[];
  /** What the last 查 询 asked for, from the picked indicators. */
  gatewayIds: number[];
  metrics: string[];
  preset: string;
  start: number;
  stop: number;
}
const DEFAULTS: Conditions = {
  gatewayIndicatorIds: [],
  gatewayIds: [],
  metrics: [],
  preset: 'last24h',
  start: 0,
  stop: 0,
};

/** 趋势分析: several indicators on one time axis, one y-axis per unit; zooming asks for finer data. */
export function Trend() {
  const groupId = useProjectId();
  const { message } = App.useApp();
  const [saved, setSaved] = useSavedQuery<Conditions>(`monitoring.trend.${groupId}`, DEFAULTS);
  const [draft, setDraft] = useState(saved);
  const [asked, setAsked] = useState(0);
  const selection = useSelection(groupId, saved);

  const query = useSeriesQuery(saved, asked);
  const chart = useZoomedChart(query);
  const lines = useMemo(
    () => toLines(chart.series, selection.meta, selection.gateways),
    [chart.series, selection.meta, selection.gateways],
  );
  const units = [...new Set(lines.map(axisOf))];

  const search = () => {
    if (draft.gatewayIndicatorIds.length === 0) {
      message.warning('请选择指标');
      return;
    }
    const range = resolveRange(draft);
    if (!range?.[1].isAfter(range[0])) {
      message.warning('结束时间必须晚于开始时间');
      return;
    }
    setSaved({ ...draft, ...selection.toPick(draft.gatewayIndicatorIds) });
    setAsked((n) => n + 1);
  };

  return (
    <Card title="趋势分析" variant="borderless">
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <GatewayIndicatorPicker
          groupId={groupId}
          mode="indicators"
          value={draft.gatewayIndicatorIds}
          max={MAX_SERIES_PER_QUERY}
          onChange={(gatewayIndicatorIds) => setDraft({ ...draft, gatewayIndicatorIds })}
          style={{ width: 360 }}
        />
        <TimeRangeField value={draft} onChange={(range) => setDraft({ ...draft, ...range })} />
        <Button type="primary" onClick={search}>
          查 询
        </Button>
      </Flex>
      {query === null ? (
        <Empty description="选择指标与时间范围后点击“查询”" style={{ padding: '48px 0' }} />
      ) : (
        <>
          <MetaFailureAlert failure={selection.metaFailure} />
          <Spin spinning={chart.fetching}>
            <Typography.Text type="secondary">
              {dayjs(query.startTime).format('YYYY-MM-DD HH:mm')} ～{' '}
              {dayjs(query.stopTime).format('YYYY-MM-DD HH:mm')} · {lines.length} 条曲线 · {units.length}{' '}
              个单位坐标轴
            </Typography.Text>
            <ChartState what="趋势曲线" chart={chart} lines={lines}>
              <SeriesChart
                lines={lines}
                start={query.startTime}
                stop={query.stopTime}
                onZoom={chart.setZoom}
                height={480}
              />
            </ChartState>
          </Spin>
        </>
      )}
    </Card>
  );
}
