import type { Platform } from '../../platform/platform.js';
import { registerGatewayIndicatorRoutes } from './gateway-indicators.routes.js';
import { GatewayIndicatorsService } from './gateway-indicators.service.js';
import { registerIndicatorRoutes } from './indicators.routes.js';
import { IndicatorsService } from './indicators.service.js';
import { IndicatorStores } from './stores.js';

export { carryGatewayIndicators, dropGatewayIndicators } from './carry.js';
export { type QuotaReservation, reserveIndicatorQuota } from './quota.js';
export type { GatewayIndicatorsService, IndicatorsService };
export { IndicatorStores };

/** Project indicators, gateway indicators, the thing-model import and the indicator quota. */
export function indicatorsFeature(platform: Platform): {
  indicators: IndicatorsService;
  gatewayIndicators: GatewayIndicatorsService;
} {
  const stores = new IndicatorStores(platform.db, platform.dialect);
  const indicators = new IndicatorsService(stores, platform.cluster);
  const gatewayIndicators = new GatewayIndicatorsService(stores, platform.cluster);
  registerIndicatorRoutes(platform.router, indicators);
  registerGatewayIndicatorRoutes(platform.router, gatewayIndicators);
  return { indicators, gatewayIndicators };
}
