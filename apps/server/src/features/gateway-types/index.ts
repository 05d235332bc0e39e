import type { Platform } from '../../platform/platform.js';
import { GatewayTypesRepository } from './gateway-types.repository.js';
import { registerGatewayTypeRoutes } from './gateway-types.routes.js';
import { GatewayTypesService } from './gateway-types.service.js';

export type { TypeOwner } from './gateway-types.repository.js';
export { applyGatewayType } from './templates.js';
export type { GatewayTypesService };

/** 网关类型 of firms and projects: templates new gateways are created from (decision 0042). */
export function gatewayTypesFeature(platform: Platform): { gatewayTypes: GatewayTypesService } {
  const gatewayTypes = new GatewayTypesService(new GatewayTypesRepository(platform.db));
  registerGatewayTypeRoutes(platform.router, gatewayTypes);
  return { gatewayTypes };
}
