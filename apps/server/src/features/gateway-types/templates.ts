import { GatewayTypeMessages, type TemplateIndicator } from '@iot/contracts/gateway-types';
import { IndicatorMessages } from '@iot/contracts/indicators';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { type IndicatorStores, reserveIndicatorQuota } from '../indicators/index.js';
import { GatewayTypesRepository, type TypeOwner } from './gateway-types.repository.js';

/**
 * Gives a new gateway its type's template, inside the transaction that creates it (decision 0042):
 * the type and model, the Modbus settings, and per template indicator the owner's indicator of
 * that name (created when missing; another type of the same name is a conflict) with a gateway
 * indicator under the template's key, IO type and Modbus point. A project's quota must hold them.
 */
export async function applyGatewayType(
  tx: { db: Kysely<Database>; indicators: IndicatorStores },
  owner: TypeOwner,
  typeId: number,
  gatewayId: number,
): Promise<void> {
  const type = await new GatewayTypesRepository(tx.db).get(owner, typeId);
  if (!type) throw badRequest(GatewayTypeMessages.NOT_FOUND);
  if ('projectId' in owner)
    await reserveIndicatorQuota(tx.indicators, owner.projectId, type.indicators.length);
  await tx.db
    .updateTable('gateways')
    .set({
      type: type.type,
      model: type.model,
      gateway_type_id: type.id,
      ...(type.modbusSettings ? { modbus_config: JSON.stringify(type.modbusSettings) } : {}),
    })
    .where('id', '=', gatewayId)
    .execute();
  const now = Date.now();
  for (const item of type.indicators) {
    const indicatorId = await indicatorFor(tx.db, owner, item, now);
    await tx.db
      .insertInto('gateway_indicators')
      .values({
        gateway_id: gatewayId,
        indicator_id: indicatorId,
        alias: item.name,
        data_identification: item.identifier,
        io_type: item.ioType,
        decimal_places: null,
        is_auto_reposition: 0,
        reposition_delay: 0,
        modbus: item.modbus ? JSON.stringify(item.modbus) : '{}',
        created_at: now,
      })
      .execute();
  }
}

/** The owner's indicator named like the template's, created when missing. */
async function indicatorFor(
  db: Kysely<Database>,
  owner: TypeOwner,
  item: TemplateIndicator,
  now: number,
): Promise<number> {
  let query = db.selectFrom('indicators').select(['id', 'type']).where('name', '=', item.name);
  query =
    'projectId' in owner
      ? query.where('project_id', '=', owner.projectId)
      : query.where('firm_id', '=', owner.firmId).where('project_id', 'is', null);
  const existing = await query.executeTakeFirst();
  if (existing) {
    if (existing.type !== item.type) throw conflict(`${IndicatorMessages.TYPE_CONFLICT}：${item.name}`);
    return existing.id;
  }
  const row = await db
    .insertInto('indicators')
    .values({
      project_id: 'projectId' in owner ? owner.projectId : null,
      firm_id: 'firmId' in owner ? owner.firmId : null,
      name: item.name,
      type: item.type,
      unit: item.unit,
      decimal_places: item.decimalPlaces,
      enums: JSON.stringify(item.indicatorEnums),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
