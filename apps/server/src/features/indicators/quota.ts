import { ResultCode } from '@iot/contracts';
import { IndicatorMessages, type IndicatorQuota, quotaRefusalData } from '@iot/contracts/indicators';
import { SUSPENDED_PAY_STATUSES, UNLIMITED } from '@iot/contracts/projects';
import { sharedTargetShortText } from '@iot/contracts/sharing';
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

/** What a spend asks of the quota gate (a bare number is `{ needed }`). */
export interface QuotaReservation {
  /** Indicators to add; a function is counted inside the lock (what a share brings that is new). */
  needed: number | (() => Promise<number>);
  /**
   * Lock and refuse a suspended project even when nothing is needed (a use of a share, which may
   * bring only cameras: a suspended project takes no shared devices).
   */
  always?: boolean;
  /** The refusal of a project short of room (default: the spec's 411 refusal). */
  refusal?: (quota: { max: number; used: number }, needed: number) => Error;
  /**
   * The gateway that receives the indicators: every project it is shared into is charged for them
   * too (decision 0069), so each must have room; they are locked with the project, in id order.
   */
  gatewayId?: number;
}

/**
 * The one gate every spend of gateway indicators passes (adding, importing, binding, transferring,
 * templates, using a share), inside the caller's transaction: it locks the project's row on
 * PostgreSQL (SQLite runs one write transaction at a time), so two requests racing for the last
 * indicator cannot both pass; refuses a project suspended by its pay state (decision 0068), then
 * checks the quota — the project's, and, for indicators added to a gateway shared elsewhere, that of
 * every project it is shared into. Adding nothing is never refused (unless `always`).
 */
export async function reserveIndicatorQuota(
  stores: IndicatorStores,
  projectId: number,
  reservation: number | QuotaReservation,
): Promise<void> {
  const ask = typeof reservation === 'number' ? { needed: reservation } : reservation;
  if (typeof ask.needed === 'number' && ask.needed <= 0 && !ask.always) return;
  const targets =
    ask.gatewayId === undefined
      ? []
      : (await stores.gatewayIndicators.sharedInto(ask.gatewayId)).filter((t) => t.projectId !== projectId);
  // Every row this spend charges, locked in one order: two spends on overlapping projects never deadlock.
  if (targets.length > 0)
    await stores.gatewayIndicators.lockProjects([projectId, ...targets.map((t) => t.projectId)]);
  const quota = await stores.gatewayIndicators.lockQuota(projectId);
  if ((SUSPENDED_PAY_STATUSES as readonly string[]).includes(quota.payStatus))
    throw badRequest(IndicatorMessages.PROJECT_SUSPENDED);
  const needed = typeof ask.needed === 'number' ? ask.needed : await ask.needed();
  if (needed <= 0) return;
  if (ask.refusal) {
    if (quota.max !== UNLIMITED && quota.used + needed > quota.max) throw ask.refusal(quota, needed);
  } else checkQuota(quota, needed);
  for (const target of targets) {
    const theirs = await stores.gatewayIndicators.lockQuota(target.projectId);
    if (theirs.max === UNLIMITED || theirs.used + needed <= theirs.max) continue;
    throw new ApiError(
      ResultCode.ERROR,
      sharedTargetShortText(target.name, theirs.max, theirs.used, needed),
      400,
      quotaRefusalData(theirs.max, theirs.used, needed, target.projectId),
    );
  }
}
