import { id, Permission } from '@iot/contracts';
import { type LocationKind, location, locationForm, mapMarker } from '@iot/contracts/maps';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { LocationsService } from './locations.service.js';
import { MAP_READ_MENUS } from './maps.routes.js';

const tags = ['地图'];
const groupParams = z.object({ groupId: id });
const params = groupParams.extend({ ownerId: id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;

/** Who edits each kind's location: whoever edits that thing (the tree, the gateways, the ledger). */
const EDIT_MENUS: Record<LocationKind, string> = {
  site: 'router-project-group',
  gateway: 'router-projectGateway',
  equipment: 'router-equipment',
};
const PATHS: Record<LocationKind, string> = { site: 'sites', gateway: 'gateways', equipment: 'equipment' };
const NAMES: Record<LocationKind, string> = { site: '站点', gateway: '网关', equipment: '设备' };

/** Coordinates and location mode of sites, gateways and equipment; the project map's markers. */
export function registerLocationRoutes(router: Router, service: LocationsService): void {
  for (const kind of ['site', 'gateway', 'equipment'] as const) {
    const url = `/iot/groups/:groupId/locations/${PATHS[kind]}/:ownerId`;
    router.route({
      method: 'GET',
      url,
      summary: `${NAMES[kind]}的坐标与定位方式`,
      tags,
      params,
      access: {
        menu: [EDIT_MENUS[kind], ...MAP_READ_MENUS],
        bit: Permission.READ,
        scope: 'project',
        scopeId,
      },
      response: location,
      handler: ({ scope, params }) => service.get(scope!.id, kind, params.ownerId),
    });
    router.route({
      method: 'PUT',
      url,
      summary: `保存${NAMES[kind]}的坐标与定位方式（WGS-84；定位方式按规则归一后保存）`,
      tags,
      params,
      body: locationForm,
      access: { menu: EDIT_MENUS[kind], bit: Permission.UPDATE, scope: 'project', scopeId },
      response: location,
      handler: ({ scope, params, body }) => service.save(scope!.id, kind, params.ownerId, body),
    });
  }
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/locations/gatewayOptions',
    summary: '定位方式的网关选项（别名、是否上报位置、经纬度标识）',
    tags,
    params: groupParams,
    access: {
      menu: Object.values(EDIT_MENUS),
      bit: Permission.READ,
      scope: 'project',
      scopeId,
    },
    response: z.array(
      z.object({
        id: z.number(),
        alias: z.string(),
        locateByReportData: z.number(),
        lonIdentification: z.string(),
        latIdentification: z.string(),
      }),
    ),
    handler: ({ scope }) => service.gateways(scope!.id),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/maps/markers',
    summary: '项目地图：有坐标的站点与网关，含在线状态与未解除预警数',
    tags,
    params: groupParams,
    access: { menu: MAP_READ_MENUS, bit: Permission.READ, scope: 'project', scopeId },
    response: z.array(mapMarker),
    handler: ({ scope }) => service.markers(scope!.id),
  });
}
