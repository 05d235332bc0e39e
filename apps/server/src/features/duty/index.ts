import type { Platform } from '../../platform/platform.js';
import { DutyRepository } from './duty.repository.js';
import { registerDutyRoutes } from './duty.routes.js';
import { DutyService } from './duty.service.js';

export { onDutyUserIds } from './duty.service.js';
export type { DutyService };

/** 排班管理 (decision 0053): shifts, rotations, swaps and overrides, the month calendar, who is on duty. */
export function dutyFeature(platform: Platform): { duty: DutyService } {
  const duty = new DutyService(new DutyRepository(platform.db));
  registerDutyRoutes(platform.router, duty);
  return { duty };
}
