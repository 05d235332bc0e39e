import { AimOutlined } from '@ant-design/icons';
import { zh } from '@iot/contracts';
import {
  type Area,
  COORDINATE_STEP,
  GEOLOCATION_TIMEOUT_MS,
  MAP_AREA_ZOOM,
  MAP_DEFAULT_CENTER,
  MAP_MODAL_WIDTH,
  MAP_POINT_ZOOM,
  parseArea,
  roundCoordinate,
} from '@iot/contracts/maps';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Col,
  Grid,
  InputNumber,
  Modal,
  message,
  Row,
  Space,
  Switch,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { mapKeys, mapsApi } from '../api';
import { OfflineMap } from './OfflineMap';
import { PlaceSearch } from './PlaceSearch';

/** AMap's satellite tiles (GCJ-02), shown when AMap answers and 卫星图 is on. */
const AMAP_SATELLITE = {
  url: 'https://webst0{s}.is.autonavi.com/appmaptile?style=6&x={x}&y={y}&z={z}',
  subdomains: '1234',
  attribution: '卫星图 © 高德',
};

export interface PickedPoint {
  lng: number;
  lat: number;
  fullAddress: string;
  /** Three-level division codes of the point, when known. */
  address: string[];
}

export type MapPickerProps = {
  open: boolean;
  projectId: number;
  onCancel(): void;
} & (
  | { mode: 'point'; value?: { lng: number | null; lat: number | null }; onOk(point: PickedPoint): void }
  | { mode: 'area'; value?: string; onOk(area: Area, text: string): void }
);

/**
 * 地图 (feature-areas §2): a 70%-wide modal picking a point or drawing an area on the offline map, with
 * the search panel beside it. A click sets the point and looks up its address (a failed lookup is
 * only logged, §8); a single search hit is focused; area text that is not valid JSON starts empty.
 */
export function MapPickerModal(props: MapPickerProps) {
  const { open, projectId, onCancel, mode } = props;
  const screens = Grid.useBreakpoint();
  const initialPoint =
    mode === 'point' && props.value?.lng != null && props.value.lat != null ? props.value : null;
  const [point, setPoint] = useState<PickedPoint | null>(
    initialPoint ? { lng: initialPoint.lng!, lat: initialPoint.lat!, fullAddress: '', address: [] } : null,
  );
  const [polygons, setPolygons] = useState<Area>(() => (mode === 'area' ? parseArea(props.value) : []));
  const [draft, setDraft] = useState<[number, number][]>([]);
  const [view, setView] = useState<{ center: [number, number]; zoom: number }>(() => ({
    center: initialPoint
      ? [initialPoint.lng!, initialPoint.lat!]
      : mode === 'area' && polygons[0]?.[0]
        ? [polygons[0][0].lng, polygons[0][0].lat]
        : [...MAP_DEFAULT_CENTER],
    zoom: mode === 'point' ? MAP_POINT_ZOOM : MAP_AREA_ZOOM,
  }));
  const [satellite, setSatellite] = useState(false);
  const [locating, setLocating] = useState(false);
  const capabilities = useQuery({
    queryKey: mapKeys.capabilities(projectId),
    queryFn: () => mapsApi.capabilities(projectId),
    enabled: open,
  });

  const lookUp = (lng: number, lat: number) =>
    mapsApi
      .reverseGeocode(projectId, lng, lat)
      .then((found) =>
        setPoint((current) =>
          current && current.lng === lng && current.lat === lat
            ? { ...current, fullAddress: found.fullAddress, address: found.address }
            : current,
        ),
      )
      // §8: a failed address lookup is logged only.
      .catch((error: unknown) => console.warn('地址查询失败', error));

  // The address of the point it opens with.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening
  useEffect(() => {
    if (initialPoint) void lookUp(initialPoint.lng!, initialPoint.lat!);
  }, []);

  const place = (lng: number, lat: number, fullAddress = '') => {
    const next = { lng: roundCoordinate(lng), lat: roundCoordinate(lat), fullAddress, address: [] };
    setPoint(next);
    void lookUp(next.lng, next.lat);
  };

  const onMapClick = (lng: number, lat: number) => {
    if (mode === 'point') place(lng, lat);
    else setDraft((d) => [...d, [roundCoordinate(lng), roundCoordinate(lat)]]);
  };

  const focus = (lng: number, lat: number, name: string) => {
    setView({ center: [lng, lat], zoom: mode === 'point' ? MAP_POINT_ZOOM : MAP_AREA_ZOOM });
    if (mode === 'point') place(lng, lat, name);
  };

  const locate = () => {
    if (!navigator.geolocation) return void message.warning('当前浏览器不支持定位');
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        focus(position.coords.longitude, position.coords.latitude, '');
      },
      () => {
        setLocating(false);
        message.warning('无法获取当前位置');
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, enableHighAccuracy: true },
    );
  };

  const points = useMemo(
    () =>
      mode === 'point' && point ? [{ key: 'picked', lng: point.lng, lat: point.lat, color: '#1677ff' }] : [],
    [mode, point],
  );
  const drawn = useMemo(
    () => polygons.map((p) => p.map((v) => [v.lng, v.lat] as [number, number])),
    [polygons],
  );

  const ok = () => {
    if (props.mode === 'point') {
      if (!point) return void message.warning('请在地图上点选位置');
      props.onOk(point);
    } else {
      const area = draft.length >= 3 ? [...polygons, draft.map(([lng, lat]) => ({ lng, lat }))] : polygons;
      props.onOk(area, JSON.stringify(area));
    }
  };

  const showSatellite = satellite && capabilities.data?.satellite === true;
  const satelliteTip = capabilities.data?.satellite
    ? '卫星图由在线地图服务提供'
    : '卫星图需要在线地图服务（系统配置中填写高德Key），当前为内置离线地图';

  return (
    <Modal
      title={zh('Map')}
      open={open}
      onCancel={onCancel}
      onOk={ok}
      width={screens.md ? MAP_MODAL_WIDTH : '100%'}
      destroyOnHidden
      okText="确定"
      cancelText="取消"
    >
      <Row gutter={[12, 12]}>
        <Col xs={24} md={8}>
          <PlaceSearch projectId={projectId} onFocus={focus} />
          <Space wrap style={{ marginTop: 8 }}>
            <Tooltip title={satelliteTip}>
              <Space size={4}>
                <Switch
                  size="small"
                  checked={satellite}
                  disabled={!capabilities.data?.satellite}
                  onChange={setSatellite}
                  data-testid="satellite-switch"
                />
                <Typography.Text>{zh('satellite layer')}</Typography.Text>
              </Space>
            </Tooltip>
            <Button size="small" icon={<AimOutlined />} loading={locating} onClick={locate}>
              {zh('current location')}
            </Button>
          </Space>
          {!capabilities.data?.satellite && (
            <Typography.Paragraph
              type="secondary"
              style={{ fontSize: 12, marginTop: 4 }}
              data-testid="satellite-note"
            >
              {satelliteTip}
            </Typography.Paragraph>
          )}
        </Col>
        <Col xs={24} md={16}>
          <OfflineMap
            // Satellite tiles are GCJ-02: the map is remade in that system, everything converted to it.
            key={showSatellite ? 'GCJ02' : 'WGS84'}
            system={showSatellite ? 'GCJ02' : 'WGS84'}
            tiles={showSatellite ? AMAP_SATELLITE : undefined}
            center={view.center}
            zoom={view.zoom}
            points={points}
            polygons={drawn}
            draft={draft}
            onClick={onMapClick}
            height={screens.md ? 460 : 320}
            testId="map-picker"
          />
          {mode === 'point' ? (
            <Space wrap style={{ marginTop: 8 }}>
              <InputNumber
                addonBefore="经度"
                step={COORDINATE_STEP}
                precision={6}
                min={-180}
                max={180}
                value={point?.lng ?? null}
                onChange={(v) => v !== null && place(v, point?.lat ?? view.center[1])}
                data-testid="picker-lng"
              />
              <InputNumber
                addonBefore="纬度"
                step={COORDINATE_STEP}
                precision={6}
                min={-90}
                max={90}
                value={point?.lat ?? null}
                onChange={(v) => v !== null && place(point?.lng ?? view.center[0], v)}
                data-testid="picker-lat"
              />
              <Typography.Text data-testid="picker-address">
                {point?.fullAddress || '点击地图选取位置'}
              </Typography.Text>
            </Space>
          ) : (
            <Space wrap style={{ marginTop: 8 }}>
              <Typography.Text data-testid="area-count">
                已画 {polygons.length} 个区域{draft.length ? `，当前区域 ${draft.length} 个点` : ''}
              </Typography.Text>
              <Button
                size="small"
                disabled={draft.length < 3}
                onClick={() => {
                  setPolygons((p) => [...p, draft.map(([lng, lat]) => ({ lng, lat }))]);
                  setDraft([]);
                }}
              >
                完成当前区域
              </Button>
              <Button size="small" disabled={!draft.length} onClick={() => setDraft((d) => d.slice(0, -1))}>
                撤销一点
              </Button>
              <Button
                size="small"
                danger
                disabled={!polygons.length && !draft.length}
                onClick={() =>
                  Modal.confirm({
                    title: '清除全部区域？',
                    okText: '清除',
                    cancelText: '取消',
                    onOk: () => {
                      setPolygons([]);
                      setDraft([]);
                    },
                  })
                }
              >
                清除
              </Button>
            </Space>
          )}
        </Col>
      </Row>
    </Modal>
  );
}
