import type { Platform } from '../../platform/platform.js';
import type { RolesService } from '../roles/index.js';
import { GatewayFirmsRepository } from './gateway-firms.repository.js';
import { registerGatewayFirmRoutes } from './gateway-firms.routes.js';
import { GatewayFirmsService } from './gateway-firms.service.js';

export type { GatewayFirmsService };

export function gatewayFirmsFeature(
  platform: Platform,
  deps: { roles: RolesService },
): { firms: GatewayFirmsService } {
  const firms = new GatewayFirmsService(new GatewayFirmsRepository(platform.db), deps.roles);
  registerGatewayFirmRoutes(platform.router, firms);
  return { firms };
}
