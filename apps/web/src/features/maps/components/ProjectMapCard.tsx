import { MAP_AREA_ZOOM, MAP_DEFAULT_CENTER } from '@iot/contracts/maps';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Empty, Space, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { isForbidden, LoadError } from '../../../components/LoadState';
import { mapKeys, mapsApi } from '../api';
import { OfflineMap } from './OfflineMap';

const REFRESH_MS = 30_000;
/** Offline markers: a solid grey, so markers drawn on one another stay grey. */
const OFFLINE_COLOR = '#8c8c8c';

/**
 * 项目地图: the project's sites and gateways that have coordinates, on the offline map, coloured by
 * state (warning red, online green, offline grey); gateways that report their position move.
 */
export function ProjectMapCard({ projectId }: { projectId: number }) {
  const { token } = theme.useToken();
  const markers = useQuery({
    queryKey: mapKeys.markers(projectId),
    queryFn: () => mapsApi.markers(projectId),
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  const list = markers.data ?? [];
  const points = useMemo(
    () =>
      list.map((m) => ({
        key: `${m.kind}-${m.id}`,
        lng: m.lng,
        lat: m.lat,
        color: m.warnings > 0 ? token.colorError : m.online ? token.colorSuccess : OFFLINE_COLOR,
        // Names beside the points, always: a map of unnamed dots says little.
        label: `${m.name}${m.warnings ? `（${m.warnings} 条预警）` : ''}`,
        permanent: true,
      })),
    [list, token.colorError, token.colorSuccess],
  );
  const center: [number, number] = list[0] ? [list[0].lng, list[0].lat] : [...MAP_DEFAULT_CENTER];
  if (isForbidden(markers.error)) return null;
  return (
    <Card
      title="项目地图"
      data-testid="project-map"
      extra={
        <Space size="middle" wrap>
          <Badge color={token.colorSuccess} text="在线" />
          <Badge color={OFFLINE_COLOR} text="离线" />
          <Badge color={token.colorError} text="有预警" />
        </Space>
      }
    >
      {markers.isError ? (
        <LoadError compact what="项目地图" error={markers.error} onRetry={markers.refetch} />
      ) : markers.isLoading ? (
        <div style={{ height: 360 }} />
      ) : list.length === 0 ? (
        <Empty description="还没有设置坐标的站点或网关（在分组、网关的“位置”中设置）" />
      ) : (
        <>
          <OfflineMap
            center={center}
            // One marker: the area zoom; several: as close as shows them all, at most 14.
            zoom={list.length > 1 ? 14 : MAP_AREA_ZOOM}
            points={points}
            height={360}
            testId="project-map-canvas"
          />
          <Space wrap style={{ marginTop: 8 }}>
            {list.map((m) => (
              <Tag key={`${m.kind}-${m.id}`} color={m.warnings ? 'error' : m.online ? 'success' : 'default'}>
                {m.kind === 'site' ? '站点' : '网关'} {m.name}
                {m.positionAt && (
                  <Typography.Text type="secondary" style={{ fontSize: 11, marginLeft: 4 }}>
                    {dayjs(m.positionAt).format('MM-DD HH:mm')} 上报
                  </Typography.Text>
                )}
              </Tag>
            ))}
          </Space>
        </>
      )}
    </Card>
  );
}
