import type { Page } from '@iot/contracts';
import type {
  GatewayTypeBody,
  GatewayTypeDetail,
  GatewayTypeOption,
  GatewayTypeSummary,
  TemplateIndicator,
} from '@iot/contracts/gateway-types';
import type { ModbusSettings } from '@iot/contracts/modbus';
import type { Kysely, Selectable } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database, GatewayTypesTable } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';

/** Who owns a type: a gateway firm or a project. */
export type TypeOwner = { firmId: number } | { projectId: number };

type Row = Selectable<GatewayTypesTable> & { gateway_count: number | string | null };

/** Gateway types of a firm or a project. Every call names the owner. */
export class GatewayTypesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private owned(owner: TypeOwner) {
    const query = this.db
      .selectFrom('gateway_types as t')
      .selectAll('t')
      .select((eb) =>
        eb
          .selectFrom('gateways as g')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('g.gateway_type_id', '=', 't.id')
          .as('gateway_count'),
      );
    return 'firmId' in owner
      ? query.where('t.firm_id', '=', owner.firmId)
      : query.where('t.project_id', '=', owner.projectId);
  }

  page(
    owner: TypeOwner,
    query: { page: number; size: number; keyword?: string | undefined },
  ): Promise<Page<GatewayTypeSummary>> {
    let q = this.owned(owner);
    const { keyword } = query;
    if (keyword)
      q = q.where((eb) => eb.or([containsText('t.name', keyword), containsText('t.description', keyword)]));
    return paginate(
      q,
      query,
      (o) => o.orderBy('t.id', 'desc'),
      (row) => summary(row as Row),
    );
  }

  async get(owner: TypeOwner, id: number): Promise<GatewayTypeDetail | undefined> {
    const row = await this.owned(owner).where('t.id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return {
      ...summary(row as Row),
      indicators: JSON.parse(row.indicators) as TemplateIndicator[],
      modbusSettings: row.modbus_settings ? (JSON.parse(row.modbus_settings) as ModbusSettings) : null,
    };
  }

  async options(owner: TypeOwner): Promise<GatewayTypeOption[]> {
    const rows = await this.owned(owner).orderBy('t.name').execute();
    return rows.map((row) => {
      const { id, name, type, model, indicatorCount } = summary(row as Row);
      return { id, name, type, model, indicatorCount };
    });
  }

  async isNameTaken(owner: TypeOwner, name: string, excludeId?: number): Promise<boolean> {
    let q = this.db.selectFrom('gateway_types').select('id').where('name', '=', name);
    q =
      'firmId' in owner ? q.where('firm_id', '=', owner.firmId) : q.where('project_id', '=', owner.projectId);
    if (excludeId !== undefined) q = q.where('id', '!=', excludeId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async create(owner: TypeOwner, body: GatewayTypeBody): Promise<number> {
    const row = await this.db
      .insertInto('gateway_types')
      .values({
        firm_id: 'firmId' in owner ? owner.firmId : null,
        project_id: 'projectId' in owner ? owner.projectId : null,
        ...columns(body),
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, body: GatewayTypeBody): Promise<void> {
    await this.db.updateTable('gateway_types').set(columns(body)).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('gateway_types').where('id', '=', id).execute();
  }
}

function columns(body: GatewayTypeBody) {
  return {
    name: body.name,
    type: body.type,
    model: body.model,
    description: body.description,
    indicators: JSON.stringify(body.indicators),
    modbus_settings: body.modbusSettings ? JSON.stringify(body.modbusSettings) : null,
  };
}

function summary(row: Row): GatewayTypeSummary {
  const indicators = JSON.parse(row.indicators) as TemplateIndicator[];
  return {
    id: row.id,
    name: row.name,
    type: row.type as GatewayTypeSummary['type'],
    model: row.model as GatewayTypeSummary['model'],
    description: row.description,
    indicatorCount: indicators.length,
    modbusPointCount: indicators.filter((i) => i.modbus).length,
    gatewayCount: Number(row.gateway_count ?? 0),
    createdAt: Number(row.created_at),
  };
}
