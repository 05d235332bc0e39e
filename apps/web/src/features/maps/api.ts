import type { Page } from '@iot/contracts';
import type {
  Division,
  LocatingGateway,
  Location,
  LocationForm,
  LocationKind,
  MapCapabilities,
  MapMarker,
  Place,
  ReverseGeocode,
} from '@iot/contracts/maps';
import { http } from '../../api/http';

const maps = (projectId: number) => `/iot/groups/${projectId}/maps`;
const PATHS: Record<LocationKind, string> = { site: 'sites', gateway: 'gateways', equipment: 'equipment' };

export const mapKeys = {
  capabilities: (projectId: number) => ['maps', projectId, 'capabilities'] as const,
  location: (projectId: number, kind: LocationKind, id: number) =>
    ['maps', projectId, 'location', kind, id] as const,
  gateways: (projectId: number) => ['maps', projectId, 'gatewayOptions'] as const,
  markers: (projectId: number) => ['maps', projectId, 'markers'] as const,
  /** The division a point lies in, by the offline gazetteer whatever the provider (no project needed). */
  whereIs: (lng: number, lat: number) =>
    http.get<ReverseGeocode>('/iot/maps/whereis', { params: { lng, lat }, quiet: true }),
  divisions: (parent?: string) => ['maps', 'divisions', parent ?? ''] as const,
};

/** The map service (feature-areas §7 Map) and locations; coordinates WGS-84 both ways. */
export const mapsApi = {
  places: (projectId: number, keyword: string, page: number, size: number) =>
    http.get<Page<Place>>(`${maps(projectId)}/places`, { params: { keyword, page, size }, quiet: true }),
  inputTips: (projectId: number, keyword: string) =>
    http.get<Place[]>(`${maps(projectId)}/inputtips`, { params: { keyword }, quiet: true }),
  reverseGeocode: (projectId: number, lng: number, lat: number) =>
    http.get<ReverseGeocode>(`${maps(projectId)}/regeocode`, { params: { lng, lat }, quiet: true }),
  capabilities: (projectId: number) =>
    http.get<MapCapabilities>(`${maps(projectId)}/capabilities`, { quiet: true }),
  markers: (projectId: number) => http.get<MapMarker[]>(`${maps(projectId)}/markers`, { quiet: true }),
  /** The division a point lies in, by the offline gazetteer whatever the provider (no project needed). */
  whereIs: (lng: number, lat: number) =>
    http.get<ReverseGeocode>('/iot/maps/whereis', { params: { lng, lat }, quiet: true }),
  divisions: (parent?: string) =>
    http.get<Division[]>('/iot/maps/divisions', { params: { parent }, quiet: true }),
  location: (projectId: number, kind: LocationKind, id: number) =>
    http.get<Location>(`/iot/groups/${projectId}/locations/${PATHS[kind]}/${id}`, { quiet: true }),
  saveLocation: (projectId: number, kind: LocationKind, id: number, form: LocationForm) =>
    http.put<Location>(`/iot/groups/${projectId}/locations/${PATHS[kind]}/${id}`, form),
  gatewayOptions: (projectId: number) =>
    http.get<LocatingGateway[]>(`/iot/groups/${projectId}/locations/gatewayOptions`, { quiet: true }),
};

/** The offline base map (county outlines, WGS-84), fetched once per page load. */
let baseMap: Promise<GeoJSON.FeatureCollection> | undefined;
export function loadBaseMap(): Promise<GeoJSON.FeatureCollection> {
  baseMap ??= fetch('/iot/maps/basemap.json').then((r) => {
    if (!r.ok) throw new Error(`底图加载失败（${r.status}）`);
    return r.json() as Promise<GeoJSON.FeatureCollection>;
  });
  baseMap.catch(() => {
    baseMap = undefined;
  });
  return baseMap;
}

/** One label of the offline base map: a division's name, level (1 province, 2 prefecture, 3 county), centre. */
export type DivisionLabel = [name: string, level: number, lng: number, lat: number];

/** The offline base map's labels (every division's name and centre, WGS-84), fetched once per page load. */
let labels: Promise<DivisionLabel[]> | undefined;
export function loadLabels(): Promise<DivisionLabel[]> {
  labels ??= fetch('/iot/maps/labels.json').then((r) => {
    if (!r.ok) throw new Error(`底图标注加载失败（${r.status}）`);
    return r.json() as Promise<DivisionLabel[]>;
  });
  labels.catch(() => {
    labels = undefined;
  });
  return labels;
}
