import { GatewayMessages } from '@iot/contracts/gateways';
import {
  DEFAULT_MODBUS_SETTINGS,
  type ModbusConfig,
  type ModbusIndicator,
  ModbusMessages,
  type ModbusSettings,
  type modbusConfigBody,
  modbusPoint,
  modbusSettings,
} from '@iot/contracts/modbus';
import type { z } from 'zod';
import { badRequest, notFound } from '../../platform/errors.js';
import type { PlannedPoint } from './codec.js';
import type { ModbusRepository } from './modbus.repository.js';

/** What the DTU poller needs for one gateway: its interval and where each key is read. */
export interface PollPlan {
  pollIntervalSeconds: number;
  points: PlannedPoint[];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Stored settings, or the defaults while none (or something unreadable) is stored. */
function settingsOf(text: string | undefined): ModbusSettings {
  const parsed = modbusSettings.safeParse(parseJson(text ?? '{}'));
  return parsed.success ? parsed.data : DEFAULT_MODBUS_SETTINGS;
}

/** A gateway's Modbus configuration: serial settings, poll interval and where each indicator is read. */
export class ModbusService {
  constructor(private readonly repository: ModbusRepository) {}

  async get(projectId: number, gatewayId: number): Promise<ModbusConfig> {
    const stored = await this.repository.gatewayConfigInProject(projectId, gatewayId);
    if (stored === undefined) throw notFound(GatewayMessages.NOT_FOUND);
    return { ...settingsOf(stored), indicators: await this.indicatorsOf(gatewayId) };
  }

  async update(
    projectId: number,
    gatewayId: number,
    body: z.output<typeof modbusConfigBody>,
  ): Promise<ModbusConfig> {
    if ((await this.repository.gatewayConfigInProject(projectId, gatewayId)) === undefined)
      throw notFound(GatewayMessages.NOT_FOUND);
    const known = new Set((await this.repository.indicators(gatewayId)).map((i) => i.id));
    const points = new Map<number, string>();
    for (const { gatewayIndicatorId, ...point } of body.indicators) {
      if (!known.has(gatewayIndicatorId)) throw badRequest(ModbusMessages.GATEWAY_INDICATOR_NOT_FOUND);
      if (points.has(gatewayIndicatorId)) throw badRequest(ModbusMessages.GATEWAY_INDICATOR_REPEATED);
      points.set(gatewayIndicatorId, JSON.stringify(point));
    }
    const { indicators: _, ...settings } = body;
    await this.repository.save(gatewayId, JSON.stringify(settings), points);
    return this.get(projectId, gatewayId);
  }

  /** The poller's view, read again every cycle so edits apply without a reconnect. */
  async plan(gatewayId: number): Promise<PollPlan> {
    const settings = settingsOf(await this.repository.gatewayConfig(gatewayId));
    const points = (await this.indicatorsOf(gatewayId)).map(
      ({ gatewayIndicatorId: _, dataIdentification, ...point }) => ({ key: dataIdentification, ...point }),
    ) as PlannedPoint[];
    return { pollIntervalSeconds: settings.pollIntervalSeconds, points };
  }

  /** Where a command to the gateway indicator is written: its polled point, or undefined when it has none. */
  async point(gatewayId: number, gatewayIndicatorId: number): Promise<PlannedPoint | undefined> {
    const row = await this.repository.indicator(gatewayId, gatewayIndicatorId);
    const parsed = modbusPoint.safeParse(parseJson(row?.modbus ?? '{}'));
    return row && parsed.success ? { key: row.dataIdentification, ...parsed.data } : undefined;
  }

  private async indicatorsOf(gatewayId: number): Promise<ModbusIndicator[]> {
    const result: ModbusIndicator[] = [];
    for (const row of await this.repository.indicators(gatewayId)) {
      const parsed = modbusPoint.safeParse(parseJson(row.modbus));
      if (!parsed.success) continue; // '{}': not polled.
      result.push({ gatewayIndicatorId: row.id, dataIdentification: row.dataIdentification, ...parsed.data });
    }
    return result;
  }
}
