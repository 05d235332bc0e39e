import { z } from 'zod';
import type { Platform } from '../../platform/platform.js';
import type { CustomDomainsService } from '../custom-domains/index.js';

const systemInfo = z.object({
  /** The customer's name on their own domain (custom domain configuration), else the configured name. */
  systemName: z.string(),
  logoUrl: z.string(),
  /** Third-party sign-in buttons show only when the server has that platform configured. */
  weixinEnabled: z.boolean(),
  dingdingEnabled: z.boolean(),
  smsLoginEnabled: z.boolean(),
  /** Port of the embedded MQTT broker devices connect to. */
  mqttPort: z.number(),
});

/** Public facts the sign-in page needs before anyone has signed in. */
export function systemFeature(
  platform: Platform,
  deps: { domains: CustomDomainsService; mqttPort: () => number },
): void {
  platform.router.publicRoute({
    method: 'GET',
    url: '/iot/system/info',
    summary: '系统信息：系统名称与已配置的登录方式（登录页用，无需登录）',
    tags: ['系统'],
    response: systemInfo,
    handler: async ({ request }) => {
      const domain = await deps.domains.forHost(request.hostname.replace(/:\d+$/, ''));
      return {
        systemName: domain?.loginSystemName ?? platform.config.systemName,
        logoUrl: domain?.logoUrl ?? '',
        weixinEnabled: false,
        dingdingEnabled: false,
        smsLoginEnabled: true,
        mqttPort: deps.mqttPort(),
      };
    },
  });
}
