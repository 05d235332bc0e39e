import type { PageQuery } from '@iot/contracts';
import {
  type Indicator,
  IndicatorMessages,
  type IndicatorQuota,
  type IndicatorType,
} from '@iot/contracts/indicators';
import type { ClusterBus } from '../../platform/cluster-bus.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { gatewayConfigChanged } from '../../platform/gateway-config.js';
import type { IndicatorInput } from './indicators.repository.js';
import { quotaOf } from './quota.js';
import type { IndicatorStores } from './stores.js';

/** A project's indicators, and its gateway indicator quota. */
export class IndicatorsService {
  constructor(
    private readonly stores: IndicatorStores,
    private readonly cluster: ClusterBus,
  ) {}

  list(projectId: number, pageQuery: PageQuery, filter: { keyword?: string; type?: IndicatorType }) {
    return this.stores.indicators.list(projectId, pageQuery, filter);
  }

  async get(projectId: number, id: number): Promise<Indicator> {
    const indicator = await this.stores.indicators.get(projectId, id);
    if (!indicator) throw notFound(IndicatorMessages.NOT_FOUND);
    return indicator;
  }

  async create(projectId: number, input: IndicatorInput): Promise<Indicator> {
    if (await this.stores.indicators.isNameTaken(projectId, input.name))
      throw conflict(IndicatorMessages.NAME_TAKEN);
    return this.get(projectId, await this.stores.indicators.create(projectId, input));
  }

  async update(projectId: number, id: number, input: IndicatorInput): Promise<Indicator> {
    const current = await this.get(projectId, id);
    if (await this.stores.indicators.isNameTaken(projectId, input.name, id))
      throw conflict(IndicatorMessages.NAME_TAKEN);
    // Stored values were checked against the type: changing it under them would change their meaning.
    if (current.usedCount > 0 && input.type !== current.type) throw badRequest(IndicatorMessages.TYPE_IN_USE);
    await this.stores.indicators.update(projectId, id, input);
    // Decimals and enums apply to the next value of every gateway that uses the indicator.
    await gatewayConfigChanged(this.cluster, { gatewayIds: await this.stores.indicators.gatewaysUsing(id) });
    return this.get(projectId, id);
  }

  async delete(projectId: number, id: number): Promise<void> {
    const current = await this.get(projectId, id);
    if (current.usedCount > 0) throw badRequest(IndicatorMessages.IN_USE);
    await this.stores.indicators.delete(projectId, id);
  }

  /** The overview's getLeftAccessGatewayIndicatorByGroupId. */
  async quota(projectId: number): Promise<IndicatorQuota> {
    const { max, used } = await this.stores.gatewayIndicators.quota(projectId);
    return quotaOf(max, used);
  }
}
