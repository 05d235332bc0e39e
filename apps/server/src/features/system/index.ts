import type { Platform } from '../../platform/platform.js';
import type { CustomDomainsService } from '../custom-domains/index.js';
import { registerSystemRoutes } from './system.routes.js';
import { SystemSettingsService } from './system-settings.service.js';

export type { SystemSettingsService };

/** 系统配置, made before the features that read it (sign-in, new accounts); routes come later. */
export function systemSettingsOf(platform: Platform): SystemSettingsService {
  return new SystemSettingsService(platform.db, { systemName: platform.config.systemName }, platform.cluster);
}

/** 系统配置's routes and the public facts the sign-in page needs before anyone has signed in. */
export function systemFeature(
  platform: Platform,
  deps: { settings: SystemSettingsService; domains: CustomDomainsService; mqttPort: () => number },
): void {
  registerSystemRoutes(platform.router, deps.settings, deps);
}
