import { id, Permission, page, ResultCode } from '@iot/contracts';
import {
  autocompleteQuery,
  citySearchQuery,
  division,
  divisionQuery,
  geocodeQuery,
  MapMessages,
  mapCapabilities,
  mapProviderSettings,
  mapProviderSettingsBody,
  place,
  placeSearchQuery,
  reverseGeocode,
  reverseGeocodeQuery,
} from '@iot/contracts/maps';
import { MONITORING_READ_MENUS } from '@iot/contracts/menus';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../platform/errors.js';
import type { Router } from '../../platform/http/route.js';
import type { Gazetteer } from './gazetteer.js';
import type { MapSettingsService } from './map-settings.service.js';
import { type MapProvider, MapProviderError } from './provider.js';

const tags = ['地图'];
const base = '/iot/groups/:groupId/maps';
const groupParams = z.object({ groupId: id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;
/** Whoever may edit or view a located thing may search the map: monitoring screens, the tree, equipment. */
export const MAP_READ_MENUS = [...MONITORING_READ_MENUS, 'router-project-group'];
const read = { menu: MAP_READ_MENUS, bit: Permission.READ, scope: 'project' as const, scopeId };

/** Place search, autocomplete, geocoding, reverse geocoding and city search (feature-areas §7 Map). */
export function registerMapRoutes(
  router: Router,
  settings: MapSettingsService,
  gazetteer: Gazetteer,
  baseMap: () => string,
  log: FastifyBaseLogger,
): void {
  /** The provider's failure is logged (never its key) and answered 地图服务暂时不可用. */
  const ask = async <T>(work: (provider: MapProvider) => Promise<T>): Promise<T> => {
    const provider = await settings.provider();
    try {
      return await work(provider);
    } catch (error) {
      if (!(error instanceof MapProviderError)) throw error;
      log.warn({ provider: provider.name, reason: error.message }, 'map provider failed');
      throw new ApiError(ResultCode.ERROR, MapMessages.providerFailed, 502);
    }
  };

  router.route({
    method: 'GET',
    url: `${base}/places`,
    summary: '地点关键字搜索（分页：page 从 0 起，size 30、50 或 100；坐标为 WGS-84）',
    tags,
    params: groupParams,
    query: placeSearchQuery,
    access: read,
    response: page(place),
    handler: async ({ query }) => {
      const { list, total } = await ask((p) => p.searchPlaces(query));
      return { list, total, page: query.page, size: query.size };
    },
  });
  router.route({
    method: 'GET',
    url: `${base}/inputtips`,
    summary: '输入提示（自动补全，最多10条）',
    tags,
    params: groupParams,
    query: autocompleteQuery,
    access: read,
    response: z.array(place),
    handler: ({ query }) => ask((p) => p.autocomplete(query.keyword, query.city)),
  });
  router.route({
    method: 'GET',
    url: `${base}/geocode`,
    summary: '地理编码：地址 → 坐标',
    tags,
    params: groupParams,
    query: geocodeQuery,
    access: read,
    response: z.array(place),
    handler: ({ query }) => ask((p) => p.geocode(query.address, query.city)),
  });
  router.route({
    method: 'GET',
    url: `${base}/regeocode`,
    summary: '逆地理编码：坐标（WGS-84）→ 地址与三级行政区划代码',
    tags,
    params: groupParams,
    query: reverseGeocodeQuery,
    access: read,
    response: reverseGeocode,
    handler: ({ query }) => ask((p) => p.reverseGeocode(query.lng, query.lat)),
  });
  router.route({
    method: 'GET',
    url: `${base}/cities`,
    summary: '城市搜索（省、市）',
    tags,
    params: groupParams,
    query: citySearchQuery,
    access: read,
    response: z.array(division),
    handler: ({ query }) => ask((p) => p.searchCities(query.keyword)),
  });
  router.route({
    method: 'GET',
    url: `${base}/capabilities`,
    summary: '当前地图服务：名称、是否有卫星图',
    tags,
    params: groupParams,
    access: read,
    response: mapCapabilities,
    handler: async () => {
      const provider = await settings.provider();
      return { provider: provider.name, satellite: provider.satellite };
    },
  });
  router.route({
    method: 'GET',
    url: '/iot/maps/divisions',
    summary: '行政区划（省、市、区县）：不带 parent 为省级，带 parent 为其下级',
    tags,
    access: 'authenticated',
    query: divisionQuery,
    response: z.array(division),
    handler: async ({ query }) => gazetteer.children(query.parent),
  });
  router.publicRoute({
    method: 'GET',
    url: '/iot/maps/basemap.json',
    summary: '离线底图：全国区县轮廓（GeoJSON，WGS-84，低缩放级别用）',
    tags,
    raw: true,
    handler: async ({ reply }) => {
      reply.type('application/json').header('cache-control', 'public, max-age=86400');
      return baseMap();
    },
  });
  router.route({
    method: 'GET',
    url: '/iot/maps/whereis',
    summary: '离线判断坐标（WGS-84）所在的省、市、区县（离线地图放大时显示地图中心所在区县）',
    tags,
    access: 'authenticated',
    query: reverseGeocodeQuery,
    response: reverseGeocode,
    handler: async ({ query }) => gazetteer.reverseGeocode(query.lng, query.lat),
  });
  let labels: string | undefined;
  router.publicRoute({
    method: 'GET',
    url: '/iot/maps/labels.json',
    summary: '离线底图标注：省、地市、区县的名称与中心点 [名称, 级别 1–3, 经度, 纬度]（WGS-84）',
    tags,
    raw: true,
    handler: async ({ reply }) => {
      reply.type('application/json').header('cache-control', 'public, max-age=86400');
      labels ??= JSON.stringify(gazetteer.labels());
      return labels;
    },
  });
  router.route({
    method: 'GET',
    url: '/iot/system/maps',
    summary: '地图服务配置（高德 Key 只答是否已配置）',
    tags,
    access: { menu: 'router-systems', bit: Permission.READ, scope: 'system' },
    response: mapProviderSettings,
    handler: () => settings.get(),
  });
  router.route({
    method: 'PUT',
    url: '/iot/system/maps',
    summary: '修改地图服务配置：内置离线或高德（Key 加密保存；留空保持原 Key）',
    tags,
    access: { menu: 'router-systems', bit: Permission.UPDATE, scope: 'system' },
    body: mapProviderSettingsBody,
    response: mapProviderSettings,
    handler: ({ body }) => settings.update(body),
  });
}
