import type { Platform } from '../../platform/platform.js';
import { AuditsRepository } from './audits.repository.js';
import { registerAuditRoutes } from './audits.routes.js';
import { AuditsService } from './audits.service.js';

export type { AuditRow } from './audits.repository.js';
export type { AuditHandler, AuditSubmission, AuditsService } from './audits.service.js';

/** Audit records and the personal audit list; features register what approving their kind does. */
export function auditsFeature(platform: Platform): { audits: AuditsService } {
  const audits = new AuditsService(new AuditsRepository(platform.db));
  registerAuditRoutes(platform.router, audits);
  return { audits };
}
