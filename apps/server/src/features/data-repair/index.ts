import { AuditType } from '@iot/contracts/audits';
import type { Platform } from '../../platform/platform.js';
import type { AuditsService } from '../audits/index.js';
import { DataRepairRepository } from './data-repair.repository.js';
import { registerDataRepairRoutes } from './data-repair.routes.js';
import { DataRepairService } from './data-repair.service.js';

/** Data repair: proposals over a gateway indicator's history, applied when an auditor approves. */
export function dataRepairFeature(platform: Platform, deps: { audits: AuditsService }): void {
  const service = new DataRepairService(new DataRepairRepository(platform.db), deps.audits);
  deps.audits.register(AuditType.DATA_REPAIR, service);
  registerDataRepairRoutes(platform.router, service);
}
