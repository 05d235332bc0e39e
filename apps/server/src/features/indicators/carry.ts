import { IndicatorMessages } from '@iot/contracts/indicators';
import { conflict } from '../../platform/errors.js';
import { reserveIndicatorQuota } from './quota.js';
import type { IndicatorStores } from './stores.js';

/**
 * Moves a gateway's indicator configuration into a project (bind, transfer), inside the caller's
 * transaction: the target's quota must hold the gateway's indicators, and each indicator they use
 * is matched by name in the target project (created there when missing). A same-named indicator
 * of another type is a conflict: the stored values would change meaning.
 */
export async function carryGatewayIndicators(
  stores: IndicatorStores,
  gatewayId: number,
  projectId: number,
): Promise<void> {
  await reserveIndicatorQuota(stores, projectId, await stores.gatewayIndicators.countOfGateway(gatewayId));
  for (const source of await stores.indicators.usedByGateway(gatewayId)) {
    if (source.projectId === projectId) continue;
    const existing = await stores.indicators.findByName(projectId, source.name);
    if (existing && existing.type !== source.type)
      throw conflict(`${IndicatorMessages.TYPE_CONFLICT}：${source.name}`);
    const targetId = existing?.id ?? (await stores.indicators.create(projectId, source));
    await stores.gatewayIndicators.repoint(gatewayId, source.id, targetId);
  }
}

/** A gateway leaving its project leaves its indicator configuration there (it names that project's indicators). */
export async function dropGatewayIndicators(stores: IndicatorStores, gatewayId: number): Promise<void> {
  await stores.gatewayIndicators.deleteOfGateway(gatewayId);
}
