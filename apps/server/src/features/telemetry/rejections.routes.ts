import { id, Permission, page, pageQuery } from '@iot/contracts';
import { gatewayRejection } from '@iot/contracts/gateways';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import { FIRM_GATEWAY_MENU, PROJECT_GATEWAY_MENU } from '../gateways/index.js';
import type { RejectionsService } from './rejections.service.js';

const summary =
  '网关最近被拒的上报数据（分页，最新在前；每台网关保留最近 100 条）：未知数据键、不符合指标类型的数值、无法解析的数据、无效时间戳';

/** The rejected payloads of a gateway, beside its detail in the project and in the firm. */
export function registerRejectionRoutes(router: Router, rejections: RejectionsService): void {
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/gateways/:id/rejections',
    summary,
    tags: ['项目网关'],
    params: z.object({ groupId: id, id }),
    query: pageQuery,
    access: {
      menu: PROJECT_GATEWAY_MENU,
      bit: Permission.READ,
      scope: 'project',
      scopeId: ({ params }) => params.groupId,
    },
    response: page(gatewayRejection),
    handler: ({ scope, params, query }) => rejections.list({ projectId: scope!.id }, params.id, query),
  });
  router.route({
    method: 'GET',
    url: '/iot/gatewayFirms/:firmId/gateways/:id/rejections',
    summary,
    tags: ['厂商网关'],
    params: z.object({ firmId: id, id }),
    query: pageQuery,
    access: {
      menu: FIRM_GATEWAY_MENU,
      bit: Permission.READ,
      scope: 'firm',
      scopeId: ({ params }) => params.firmId,
    },
    response: page(gatewayRejection),
    handler: ({ scope, params, query }) => rejections.list({ firmId: scope!.id }, params.id, query),
  });
}
