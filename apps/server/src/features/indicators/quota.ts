import { ResultCode } from '@iot/contracts';
import { IndicatorMessages, type IndicatorQuota, quotaRefusalData } from '@iot/contracts/indicators';
import { SUSPENDED_PAY_STATUSES, UNLIMITED } from '@iot/contracts/projects';
import { ApiError, badRequest } from '../../platform/errors.js';
import type { IndicatorStores } from './stores.js';

/** A project's gateway indicator quota as the overview shows it; left is -1 when unlimited. */
export function quotaOf(max: number, used: number): IndicatorQuota {
  return { max, used, left: max === UNLIMITED ? UNLIMITED : max - used };
}

/**
 * Refuses adding `needed` gateway indicators to a project holding `used` of `max` (spec core §8:
 * code 40000, data `411:{max}:{used}:{needed}`, which the web shows as 指标数量超过限制).
 * Adding nothing is never refused, even when an administrator has lowered the maximum below use.
 */
export function checkQuota(quota: { max: number; used: number }, needed: number): void {
  if (needed <= 0 || quota.max === UNLIMITED || quota.used + needed <= quota.max) return;
  throw new ApiError(
    ResultCode.ERROR,
    IndicatorMessages.QUOTA_EXCEEDED,
    400,
    quotaRefusalData(quota.max, quota.used, needed),
  );
}

/**
 * The one gate every spend of gateway indicators passes (adding, importing, binding, transferring,
 * templates; sharing later), inside the caller's transaction: it locks the project's row on
 * PostgreSQL (SQLite runs one write transaction at a time), so two requests racing for the last
 * indicator cannot both pass; refuses a project suspended by its pay state (decision 0068), then
 * checks the quota. Adding nothing is never refused.
 */
export async function reserveIndicatorQuota(
  stores: IndicatorStores,
  projectId: number,
  needed: number,
): Promise<void> {
  if (needed <= 0) return;
  const quota = await stores.gatewayIndicators.lockQuota(projectId);
  if ((SUSPENDED_PAY_STATUSES as readonly string[]).includes(quota.payStatus))
    throw badRequest(IndicatorMessages.PROJECT_SUSPENDED);
  checkQuota(quota, needed);
}
