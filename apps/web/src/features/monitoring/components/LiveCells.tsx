import { Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { memo } from 'react';
import { formatValue, type IndicatorMeta, isStale, STALE_AFTER_MS, unitOf } from '../format';
import { useClock } from '../live/clock';
import type { LiveStore } from '../live/liveStore';
import { useLivePoint } from '../live/useLiveGateways';

interface CellProps {
  store: LiveStore;
  /** `gateway:metric` */
  liveKey: string;
  meta: IndicatorMeta | undefined;
  online?: boolean;
}

const testId = (key: string) => `live-${key.replaceAll(':', '-')}`;

/** Why a value is marked stale, or null. */
function staleReason(ts: number | undefined, now: number, online: boolean): string | null {
  if (ts === undefined) return null;
  if (!online) return '网关离线，数值可能已过时';
  return isStale(ts, now) ? `超过 ${STALE_AFTER_MS / 60_000} 分钟未更新` : null;
}

/** The latest value with its unit; re-renders only when this value (or the clock) changes. */
export const LiveValueCell = memo(function LiveValueCell({ store, liveKey, meta, online = true }: CellProps) {
  const point = useLivePoint(store, liveKey);
  const now = useClock();
  const stale = staleReason(point?.ts, now, online);
  const unit = unitOf(meta);
  return (
    <span data-testid={testId(liveKey)} data-stale={stale ? 'true' : 'false'}>
      <Typography.Text type={stale ? 'secondary' : undefined} strong={!stale}>
        {formatValue(meta, point?.value)}
      </Typography.Text>
      {unit && point && <Typography.Text type="secondary"> {unit}</Typography.Text>}
      {stale && (
        <Tooltip title={stale}>
          <Tag color="default" style={{ marginInlineStart: 8 }}>
            过期
          </Tag>
        </Tooltip>
      )}
    </span>
  );
});

/** The time of the latest value. */
export const LiveTimeCell = memo(function LiveTimeCell({
  store,
  liveKey,
}: {
  store: LiveStore;
  liveKey: string;
}) {
  const point = useLivePoint(store, liveKey);
  return (
    <Typography.Text type="secondary">
      {point ? dayjs(point.ts).format('MM-DD HH:mm:ss') : '—'}
    </Typography.Text>
  );
});

/** A card tile: indicator name, big value, unit and time. */
export const LiveTile = memo(function LiveTile({ store, liveKey, meta, online = true }: CellProps) {
  const point = useLivePoint(store, liveKey);
  const now = useClock();
  const stale = staleReason(point?.ts, now, online);
  const unit = unitOf(meta);
  return (
    <div
      className={`monitoring-tile${stale ? ' is-stale' : ''}`}
      data-testid={`tile-${liveKey.replace(':', '-')}`}
    >
      <div className="monitoring-tile-name" title={meta?.metric ?? liveKey}>
        {meta?.alias ?? liveKey.slice(liveKey.indexOf(':') + 1)}
      </div>
      <div className="monitoring-tile-value">
        <span data-testid={testId(`tile:${liveKey}`)}>{formatValue(meta, point?.value)}</span>
        {unit && <span className="monitoring-tile-unit">{unit}</span>}
      </div>
      <div className="monitoring-tile-time">
        {point ? dayjs(point.ts).format('MM-DD HH:mm:ss') : '暂无数据'}
        {stale && (
          <Tooltip title={stale}>
            <Tag style={{ marginInlineStart: 6 }}>过期</Tag>
          </Tooltip>
        )}
      </div>
    </div>
  );
});
