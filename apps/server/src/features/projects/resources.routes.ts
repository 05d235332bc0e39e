import { id, Permission } from '@iot/contracts';
import { resourceUsage } from '@iot/contracts/projects';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import { RESOURCE_MENU } from '../messages/index.js';
import type { ResourcesService } from './resources.service.js';

export function registerResourceRoutes(router: Router, resources: ResourcesService): void {
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/getResourceUsage',
    summary:
      '资源概览：套餐与付费状态、网关指标已用/上限（-1 不限）、短信与语音已发送/剩余、助手对话额度、网关在线/离线、分组与成员数，及当前的资源提醒',
    tags: ['项目'],
    params: z.object({ groupId: id }),
    access: {
      menu: RESOURCE_MENU,
      bit: Permission.READ,
      scope: 'project',
      scopeId: ({ params }) => params.groupId,
    },
    response: resourceUsage,
    handler: ({ scope }) => resources.usage(scope!.id),
  });
}
