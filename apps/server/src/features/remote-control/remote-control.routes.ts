import { envelope, id, page, pageQuery } from '@iot/contracts';
import { controlBody, instructionRecord } from '@iot/contracts/remote-control';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import { presentRecord } from './remote-control.repository.js';
import type { RemoteControlService } from './remote-control.service.js';

const tags = ['数据服务'];
const params = z.object({ gatewayId: id });

/**
 * Remote control of a gateway's writable indicators. The permission (router-equipmentRemoteControl
 * in the gateway's project) is checked by the service once it knows the gateway's project.
 */
export function registerRemoteControlRoutes(router: Router, service: RemoteControlService): void {
  router.route({
    method: 'POST',
    url: '/data-server/api/v2/gateways/:gatewayId/control',
    summary:
      '远程控制：向网关的可写指标下发控制值；以指令状态码（20100 已下发 / 20101 设备离线已缓存）回答指令记录',
    tags,
    access: 'authenticated',
    params,
    body: controlBody,
    response: envelope(instructionRecord),
    raw: true,
    handler: async ({ auth, params, body }) => {
      const record = await service.control(auth, params.gatewayId, body);
      return { code: record.status, message: record.message, data: presentRecord(record) };
    },
  });
  router.route({
    method: 'GET',
    url: '/data-server/api/v2/gateways/:gatewayId/instructionRecords',
    summary: '指令记录（最新在前，分页）',
    tags,
    access: 'authenticated',
    params,
    query: pageQuery,
    response: page(instructionRecord),
    handler: ({ auth, params, query }) => service.records(auth, params.gatewayId, query),
  });
}
