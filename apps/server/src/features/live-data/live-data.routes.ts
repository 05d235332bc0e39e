import { publicGateway, publicGatewaysQuery } from '@iot/contracts/live-data';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { LiveDataService } from './live-data.service.js';

const tags = ['实时数据'];

export function registerLiveDataRoutes(router: Router, liveData: LiveDataService): void {
  router.publicRoute({
    method: 'GET',
    url: '/data-server/api/v2/gateways/public',
    summary:
      '无需登录的网关名称（/viewLastData 的标题）：gatewayIds=1,2（至多 50 个）；只回答示范项目的网关（与匿名实时连接相同），其余不列出',
    tags,
    query: publicGatewaysQuery,
    response: z.array(publicGateway),
    handler: ({ query }) => liveData.publicNames(query.gatewayIds),
  });
}
