import type { GroupTreeIndicator, GroupTreeNode } from '@iot/contracts/groups';
import { Card, Col, Empty, Row, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { LoadError, type QueryLike } from '../../../../components/LoadState';
import { formatWithUnit, type IndicatorMeta } from '../../../monitoring';
import { LiveChart, seriesColor } from './LiveChart';
import { type SeriesStore, seriesKey } from './useKeyPointSeries';

export { type SeriesStore, seriesKey };

/** Points and indicators the home page follows live. */
export interface KeyPoint {
  node: GroupTreeNode;
  indicators: GroupTreeIndicator[];
}

/** Indicators shown per point, and points on the page: enough to read at a glance. */
export const INDICATORS_PER_POINT = 4;
export const MAX_KEY_POINTS = 4;

/**
 * The key points: the project's monitoring points (isMonitor) with their linked indicators, or,
 * while none is marked, the first groups that have gateway indicators.
 */
export function pickKeyPoints(nodes: GroupTreeNode[]): { points: KeyPoint[]; fromMonitors: boolean } {
  const monitors = nodes.filter((n) => n.isMonitor && n.gatewayIndicators.length > 0);
  const source = monitors.length > 0 ? monitors : nodes.filter((n) => n.gatewayIndicators.length > 0);
  return {
    fromMonitors: monitors.length > 0,
    points: source.slice(0, MAX_KEY_POINTS).map((node) => ({
      node,
      indicators: node.gatewayIndicators.slice(0, INDICATORS_PER_POINT),
    })),
  };
}

/** As its indicator reads (labels, decimals, unit) once known; until then rounded to 3 decimals. */
function format(value: number | string | undefined, meta: IndicatorMeta | undefined): string {
  if (meta) return formatWithUnit(meta, value);
  if (value === undefined) return '—';
  return typeof value === 'number' ? String(Math.round(value * 1000) / 1000) : value;
}

export function KeyPoints({
  points,
  fromMonitors,
  series,
  latest,
  window,
  history,
  meta,
  loading,
}: {
  points: KeyPoint[];
  fromMonitors: boolean;
  series: SeriesStore;
  /** Each series' latest value and time (else the series' last point). */
  latest?: Map<string, [number, number | string]>;
  /** The span every card's chart shows (useKeyPointSeries: the last day up to now). */
  window?: [number, number];
  /** The query of the day's history: a failure is shown with a retry above the charts. */
  history?: QueryLike;
  /** Unit, decimals and enum labels by `gateway:metric` (useIndicatorMeta); raw values without. */
  meta?: Map<string, IndicatorMeta>;
  loading: boolean;
}) {
  const { token } = theme.useToken();
  if (!loading && points.length === 0) {
    return (
      <Card title="关键监测点">
        <Empty description="还没有可展示的指标：请在分组管理中设置监测点并关联网关指标" />
      </Card>
    );
  }
  return (
    <Card
      title="关键监测点"
      loading={loading}
      extra={
        !fromMonitors && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            尚未设置监测点，先展示有指标的分组
          </Typography.Text>
        )
      }
    >
      {history?.isError && (
        <div style={{ marginBottom: 12 }}>
          <LoadError inline what="最近24小时曲线" error={history.error} onRetry={history.refetch} />
        </div>
      )}
      <Row gutter={[16, 16]}>
        {points.map(({ node, indicators }) => {
          const lines = indicators.map((i) => ({
            i,
            points: series.get(seriesKey(i.gatewayId, i.dataIdentification)) ?? [],
          }));
          return (
            <Col key={node.id} xs={24} xxl={points.length > 1 ? 12 : 24}>
              <div data-testid="key-point">
                <Typography.Text strong>
                  {node.name}{' '}
                  {node.isMonitor && (
                    <Tag color="processing" bordered={false}>
                      监测点
                    </Tag>
                  )}
                </Typography.Text>
                <div className="key-point-values">
                  {lines.map(({ i, points: p }, index) => {
                    const last = latest?.get(seriesKey(i.gatewayId, i.dataIdentification)) ?? p.at(-1);
                    return (
                      <div key={i.id} className="key-point-value">
                        <div className="key-point-value-label" title={`${i.gatewayAlias} · ${i.alias}`}>
                          {i.alias}
                        </div>
                        <div
                          className="key-point-value-number"
                          style={{ color: seriesColor(index, token.colorPrimary) }}
                          data-testid="live-value"
                          data-key={seriesKey(i.gatewayId, i.dataIdentification)}
                          title={last ? dayjs(last[0]).format('YYYY-MM-DD HH:mm:ss') : '暂无数据'}
                        >
                          {format(last?.[1], meta?.get(seriesKey(i.gatewayId, i.dataIdentification)))}
                        </div>
                      </div>
                    );
                  })}
                </div>
                <LiveChart
                  start={window?.[0]}
                  stop={window?.[1]}
                  height={points.length > 1 ? 180 : 260}
                  series={lines.map(({ i, points: p }) => {
                    const m = meta?.get(seriesKey(i.gatewayId, i.dataIdentification));
                    return {
                      name: i.alias,
                      points: p.filter((pt): pt is [number, number] => typeof pt[1] === 'number'),
                      // A bucket's average of a boolean (0.75) has no word: a number then.
                      format: m
                        ? (v: number) =>
                            (m.type === 'enum' || m.type === 'boolean') && !Number.isInteger(v)
                              ? v.toFixed(2)
                              : formatWithUnit(m, v)
                        : undefined,
                    };
                  })}
                />
              </div>
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}
