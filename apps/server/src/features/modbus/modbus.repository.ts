import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

export interface ModbusIndicatorRow {
  id: number;
  dataIdentification: string;
  /** The stored JSON of gateway_indicators.modbus ('{}' when not polled). */
  modbus: string;
}

/** The Modbus JSON columns: gateways.modbus_config and gateway_indicators.modbus. */
export class ModbusRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The gateway's stored settings, or undefined when it is not in the project. */
  async gatewayConfigInProject(projectId: number, gatewayId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('gateways')
      .select('modbus_config')
      .where('id', '=', gatewayId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row?.modbus_config;
  }

  async gatewayConfig(gatewayId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('gateways')
      .select('modbus_config')
      .where('id', '=', gatewayId)
      .executeTakeFirst();
    return row?.modbus_config;
  }

  async indicators(gatewayId: number): Promise<ModbusIndicatorRow[]> {
    return this.db
      .selectFrom('gateway_indicators')
      .select(['id', 'data_identification as dataIdentification', 'modbus'])
      .where('gateway_id', '=', gatewayId)
      .orderBy('id')
      .execute();
  }

  async indicator(gatewayId: number, gatewayIndicatorId: number): Promise<ModbusIndicatorRow | undefined> {
    return this.db
      .selectFrom('gateway_indicators')
      .select(['id', 'data_identification as dataIdentification', 'modbus'])
      .where('gateway_id', '=', gatewayId)
      .where('id', '=', gatewayIndicatorId)
      .executeTakeFirst();
  }

  /** Replaces the whole configuration in one transaction: indicators not in `points` are cleared. */
  async save(gatewayId: number, settings: string, points: Map<number, string>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('gateways')
        .set({ modbus_config: settings })
        .where('id', '=', gatewayId)
        .execute();
      await trx
        .updateTable('gateway_indicators')
        .set({ modbus: '{}' })
        .where('gateway_id', '=', gatewayId)
        .execute();
      for (const [id, modbus] of points) {
        await trx
          .updateTable('gateway_indicators')
          .set({ modbus })
          .where('gateway_id', '=', gatewayId)
          .where('id', '=', id)
          .execute();
      }
    });
  }
}
