import { Permission } from '@iot/contracts';
import { systemInfo, systemSettings, systemSettingsBody } from '@iot/contracts/system';
import type { Router } from '../../platform/http/route.js';
import type { CustomDomainsService } from '../custom-domains/index.js';
import type { SystemSettingsService } from './system-settings.service.js';

const MENU = 'router-systems';
const tags = ['系统'];

export function registerSystemRoutes(
  router: Router,
  settings: SystemSettingsService,
  deps: { domains: CustomDomainsService; mqttPort: () => number },
): void {
  router.publicRoute({
    method: 'GET',
    url: '/iot/system/info',
    summary: '系统信息：系统名称、登录页文字与 logo、默认主题、开启的登录方式（登录页用，无需登录）',
    tags,
    response: systemInfo,
    handler: async ({ request }) => {
      const [current, domain] = await Promise.all([
        settings.get(),
        deps.domains.forHost(request.hostname.replace(/:\d+$/, '')),
      ]);
      const on = (way: (typeof current.signInWays)[number]) => current.signInWays.includes(way);
      return {
        systemName: domain?.loginSystemName ?? current.systemName,
        logoUrl: domain ? domain.logoUrl || current.logoUrl : current.logoUrl,
        loginTitle: current.loginTitle,
        loginSubtitle: current.loginSubtitle,
        defaultTheme: current.defaultTheme,
        passwordLoginEnabled: on('password'),
        smsLoginEnabled: on('sms'),
        weixinEnabled: on('weixin'),
        dingdingEnabled: on('dingding'),
        mqttPort: deps.mqttPort(),
        guideForNewUsers: current.guideForNewUsers,
      };
    },
  });
  router.route({
    method: 'GET',
    url: '/iot/system',
    summary: '系统配置',
    tags,
    access: { menu: MENU, bit: Permission.READ, scope: 'system' },
    response: systemSettings,
    handler: () => settings.get(),
  });
  router.route({
    method: 'PUT',
    url: '/iot/system',
    summary: '修改系统配置（系统名称、登录页、默认主题、登录方式）',
    tags,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'system' },
    body: systemSettingsBody,
    response: systemSettings,
    handler: ({ body }) => settings.update(body),
  });
}
