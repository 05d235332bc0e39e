import type { PageQuery } from '@iot/contracts';
import { GatewayMessages } from '@iot/contracts/gateways';
import {
  type GatewayIndicator,
  IndicatorMessages,
  isThingModelFileName,
  type ThingModelImportResult,
  type thingModel,
} from '@iot/contracts/indicators';
import { GatewayDataMessages } from '@iot/contracts/manual-entry';
import { ShareMessages } from '@iot/contracts/sharing';
import type { z } from 'zod';
import type { ClusterBus } from '../../platform/cluster-bus.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { gatewayConfigChanged } from '../../platform/gateway-config.js';
import type { GatewayIndicatorInput } from './gateway-indicators.repository.js';
import { reserveIndicatorQuota } from './quota.js';
import type { IndicatorStores } from './stores.js';
import { indicatorOfProperty } from './thing-model.js';

/**
 * A gateway's indicators: which project indicator each payload key feeds. Every call names the
 * project and the gateway; a gateway of another project is not found.
 */
export class GatewayIndicatorsService {
  constructor(
    private readonly stores: IndicatorStores,
    private readonly cluster: ClusterBus,
  ) {}

  async list(projectId: number, gatewayId: number, pageQuery: PageQuery, keyword?: string) {
    await this.requireReadable(projectId, gatewayId);
    return this.stores.gatewayIndicators.list(gatewayId, pageQuery, keyword);
  }

  async get(projectId: number, gatewayId: number, id: number): Promise<GatewayIndicator> {
    await this.requireReadable(projectId, gatewayId);
    return this.find(this.stores, gatewayId, id);
  }

  async create(
    projectId: number,
    gatewayId: number,
    input: GatewayIndicatorInput,
  ): Promise<GatewayIndicator> {
    await this.requireDataManagement(projectId);
    const id = await this.stores.transaction(async (stores) => {
      await this.requireGateway(stores, projectId, gatewayId);
      await this.checkInput(stores, projectId, gatewayId, input);
      await reserveIndicatorQuota(stores, projectId, { needed: 1, gatewayId });
      return stores.gatewayIndicators.create(gatewayId, input);
    });
    // Values for the new key are taken from now on, on every node.
    await gatewayConfigChanged(this.cluster, { gatewayIds: [gatewayId] });
    return this.find(this.stores, gatewayId, id);
  }

  async update(
    projectId: number,
    gatewayId: number,
    id: number,
    input: GatewayIndicatorInput,
  ): Promise<GatewayIndicator> {
    await this.requireDataManagement(projectId);
    await this.requireGateway(this.stores, projectId, gatewayId);
    await this.find(this.stores, gatewayId, id);
    await this.checkInput(this.stores, projectId, gatewayId, input, id);
    await this.stores.gatewayIndicators.update(gatewayId, id, input);
    await gatewayConfigChanged(this.cluster, { gatewayIds: [gatewayId] });
    return this.find(this.stores, gatewayId, id);
  }

  async delete(projectId: number, gatewayId: number, id: number): Promise<void> {
    await this.requireDataManagement(projectId);
    await this.requireGateway(this.stores, projectId, gatewayId);
    await this.find(this.stores, gatewayId, id);
    await this.stores.gatewayIndicators.delete(gatewayId, id);
    await gatewayConfigChanged(this.cluster, { gatewayIds: [gatewayId] });
  }

  /**
   * Thing-model JSON import, all or nothing: a property whose identifier the gateway already has
   * is skipped; the others become gateway indicators (alias = name, key = identifier, IO type =
   * access mode) of the project indicator with the property's name, created when missing.
   */
  async importThingModel(
    projectId: number,
    gatewayId: number,
    fileName: string,
    model: z.output<typeof thingModel>,
  ): Promise<ThingModelImportResult> {
    if (!isThingModelFileName(fileName)) throw badRequest(IndicatorMessages.THING_MODEL_FILE);
    await this.requireDataManagement(projectId);
    const result = await this.stores.transaction(async (stores) => {
      await this.requireGateway(stores, projectId, gatewayId);
      const keys = await stores.gatewayIndicators.keysOfGateway(gatewayId);
      const wanted = model.properties.filter((property) => {
        if (keys.has(property.identifier)) return false;
        keys.add(property.identifier);
        return true;
      });
      await reserveIndicatorQuota(stores, projectId, { needed: wanted.length, gatewayId });
      let indicatorsCreated = 0;
      for (const property of wanted) {
        let indicatorId = (await stores.indicators.findByName(projectId, property.name))?.id;
        if (indicatorId === undefined) {
          const indicator = indicatorOfProperty(property);
          if ('error' in indicator) throw badRequest(indicator.error);
          indicatorId = await stores.indicators.create(projectId, indicator);
          indicatorsCreated += 1;
        }
        await stores.gatewayIndicators.create(gatewayId, {
          indicatorId,
          alias: property.name,
          dataIdentification: property.identifier,
          ioType: property.accessMode,
          decimalPlaces: null,
          isAutoReposition: false,
          repositionDelay: 0,
        });
      }
      return {
        created: wanted.length,
        skipped: model.properties.length - wanted.length,
        indicatorsCreated,
      };
    });
    await gatewayConfigChanged(this.cluster, { gatewayIds: [gatewayId] });
    return result;
  }

  /** canManageGatewayData off: the project's gateway indicators are read-only (decision 0043). */
  private async requireDataManagement(projectId: number): Promise<void> {
    if (!(await this.stores.gatewayIndicators.canManageGatewayData(projectId)))
      throw badRequest(GatewayDataMessages.NOT_ALLOWED);
  }

  /** Writes: the project's own gateway only; one shared into it is read-only (decision 0069). */
  private async requireGateway(stores: IndicatorStores, projectId: number, gatewayId: number): Promise<void> {
    if (await stores.gatewayIndicators.gatewayInProject(projectId, gatewayId)) return;
    if (await stores.gatewayIndicators.isSharedInto(projectId, gatewayId))
      throw forbidden(ShareMessages.READ_ONLY);
    throw notFound(GatewayMessages.NOT_FOUND);
  }

  /** Reads: the project's own gateways and those shared into it. */
  private async requireReadable(projectId: number, gatewayId: number): Promise<void> {
    const { gatewayIndicators } = this.stores;
    if (await gatewayIndicators.gatewayInProject(projectId, gatewayId)) return;
    if (await gatewayIndicators.isSharedInto(projectId, gatewayId)) return;
    throw notFound(GatewayMessages.NOT_FOUND);
  }

  private async find(stores: IndicatorStores, gatewayId: number, id: number): Promise<GatewayIndicator> {
    const found = await stores.gatewayIndicators.get(gatewayId, id);
    if (!found) throw notFound(IndicatorMessages.GATEWAY_INDICATOR_NOT_FOUND);
    return found;
  }

  private async checkInput(
    stores: IndicatorStores,
    projectId: number,
    gatewayId: number,
    input: GatewayIndicatorInput,
    excludeId?: number,
  ): Promise<void> {
    if (!(await stores.indicators.get(projectId, input.indicatorId)))
      throw notFound(IndicatorMessages.NOT_FOUND);
    if (await stores.gatewayIndicators.isKeyTaken(gatewayId, input.dataIdentification, excludeId))
      throw conflict(IndicatorMessages.DATA_IDENTIFICATION_TAKEN);
  }
}
