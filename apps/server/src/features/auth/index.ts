import type { Platform } from '../../platform/platform.js';
import type { ClientsService } from '../clients/index.js';
import type { SystemSettingsService } from '../system/index.js';
import type { UsersService } from '../users/index.js';
import { registerOAuthRoutes } from './oauth.routes.js';
import { OAuthService } from './oauth.service.js';
import { PhoneCodesRepository } from './phone-codes.repository.js';
import { registerPhoneCodeRoutes } from './phone-codes.routes.js';
import { PhoneCodesService } from './phone-codes.service.js';

export function authFeature(
  platform: Platform,
  deps: { users: UsersService; clients: ClientsService; settings: SystemSettingsService },
): void {
  const { config } = platform;
  const phoneCodesRepository = new PhoneCodesRepository(platform.db);
  const phoneCodes = new PhoneCodesService(phoneCodesRepository, platform.sms, config.systemName);
  const oauth = new OAuthService(
    { webClientSecret: config.webClientSecret, refreshTtlSeconds: config.refreshTokenTtlSeconds },
    platform.signer,
    platform.sessions,
    deps.users,
    deps.clients,
    phoneCodes,
    deps.settings,
  );
  registerOAuthRoutes(platform.router, oauth, platform.access, config.tokenRateLimitPerMinute);
  registerPhoneCodeRoutes(platform.router, phoneCodes, deps.users);
  platform.jobs.every(
    3600_000,
    'delete ended sessions and old phone codes',
    async () => {
      await platform.sessions.deleteExpired();
      await phoneCodesRepository.deleteOlderThan(Date.now() - 2 * 24 * 3600_000);
    },
    { oneNode: true },
  );
}
