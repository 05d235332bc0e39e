import { resourceWarning } from '@iot/contracts/messages';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { ResourceWarningsService } from './resource-warnings.service.js';

/** Personal like the message center: the caller's own projects, no project permission on the route. */
export function registerResourceWarningRoutes(router: Router, warnings: ResourceWarningsService): void {
  router.route({
    method: 'GET',
    url: '/iot/messages/resourceWarnings',
    summary:
      '资源预警：本人所在项目（角色可查看资源概览）的套餐 7 天内到期或已到期、监测项余量不足 10%、有启用的短信或语音通知对象时余量不超过 10',
    tags: ['消息'],
    access: 'authenticated',
    response: z.array(resourceWarning),
    handler: ({ auth }) => warnings.list(auth),
  });
}
