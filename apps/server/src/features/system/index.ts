import { z } from 'zod';
import type { Platform } from '../../platform/platform.js';

const systemInfo = z.object({
  systemName: z.string(),
  /** Third-party sign-in buttons show only when the server has that platform configured. */
  weixinEnabled: z.boolean(),
  dingdingEnabled: z.boolean(),
  smsLoginEnabled: z.boolean(),
});

/** Public facts the sign-in page needs before anyone has signed in. */
export function systemFeature(platform: Platform): void {
  platform.router.publicRoute({
    method: 'GET',
    url: '/iot/system/info',
    summary: '系统信息：系统名称与已配置的登录方式（登录页用，无需登录）',
    tags: ['系统'],
    response: systemInfo,
    handler: async () => ({
      systemName: platform.config.systemName,
      weixinEnabled: false,
      dingdingEnabled: false,
      smsLoginEnabled: true,
    }),
  });
}
