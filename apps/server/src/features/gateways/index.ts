import type { Platform } from '../../platform/platform.js';
import { registerFirmGatewayRoutes } from './firm-gateways.routes.js';
import { registerGatewayBindingRoutes } from './gateway-binding.routes.js';
import { GatewayBindingService } from './gateway-binding.service.js';
import { registerGatewayImportRoutes } from './gateway-import.routes.js';
import { GatewayImportService } from './gateway-import.service.js';
import { GatewaysRepository } from './gateways.repository.js';
import { GatewaysService } from './gateways.service.js';
import { registerProjectGatewayRoutes } from './project-gateways.routes.js';

/** The menus of the gateway screens, for routes about gateways that other features serve. */
export { FIRM_GATEWAY_MENU } from './firm-gateways.routes.js';
/** Reading xlsx sheets for imports of other features. */
export { PROJECT_GATEWAY_MENU } from './project-gateways.routes.js';
export { readRows } from './spreadsheet.js';
export type { GatewayBindingService, GatewaysService };

/** Gateways of firms and projects: CRUD, device secrets, bind codes, moves and entry records. */
export function gatewaysFeature(platform: Platform): { gateways: GatewaysService } {
  const repository = new GatewaysRepository(platform.db, platform.dialect);
  const gateways = new GatewaysService(repository, platform.cluster);
  const binding = new GatewayBindingService(repository, gateways, platform.access, platform.cluster);
  registerFirmGatewayRoutes(platform.router, gateways);
  registerProjectGatewayRoutes(platform.router, gateways);
  registerGatewayBindingRoutes(platform.router, binding);
  registerGatewayImportRoutes(platform.router, new GatewayImportService(gateways, repository));
  return { gateways };
}
