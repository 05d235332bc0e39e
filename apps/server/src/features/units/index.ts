import type { Platform } from '../../platform/platform.js';
import { UnitsRepository } from './units.repository.js';
import { registerUnitRoutes } from './units.routes.js';
import { UnitsService } from './units.service.js';

export type { UnitsService };

/** 单位管理: the unit catalogue indicators pick from (docs/decisions/0040-units-labels-modes.md). */
export function unitsFeature(platform: Platform): { units: UnitsService } {
  const units = new UnitsService(new UnitsRepository(platform.db));
  registerUnitRoutes(platform.router, units);
  return { units };
}
