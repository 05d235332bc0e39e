import type { PageQuery } from '@iot/contracts';
import type { GatewayIndicator, IndicatorEnum, IndicatorType } from '@iot/contracts/indicators';
import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../../platform/db/connect.js';
import { paginate } from '../../platform/db/paging.js';
import type { Database, GatewayIndicatorsTable } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';
import { chargedIndicatorCount, isSharedInto, sharedTargets } from '../sharing/index.js';

/** The fields of a gateway indicator a project sets. */
export interface GatewayIndicatorInput {
  indicatorId: number;
  alias: string;
  dataIdentification: string;
  ioType: 'r' | 'w' | 'rw';
  decimalPlaces: number | null;
  isAutoReposition: boolean;
  repositionDelay: number;
}

const columns = (input: GatewayIndicatorInput) => ({
  indicator_id: input.indicatorId,
  alias: input.alias,
  data_identification: input.dataIdentification,
  io_type: input.ioType,
  decimal_places: input.decimalPlaces,
  is_auto_reposition: input.isAutoReposition ? 1 : 0,
  reposition_delay: input.repositionDelay,
});

/** Gateway indicators; reads name the gateway, and the service has checked it is the project's. */
export class GatewayIndicatorsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  private select() {
    return this.db
      .selectFrom('gateway_indicators as gi')
      .innerJoin('indicators as i', 'i.id', 'gi.indicator_id')
      .selectAll('gi')
      .select([
        'i.name as indicator_name',
        'i.type as indicator_type',
        'i.unit as indicator_unit',
        'i.decimal_places as indicator_decimal_places',
        'i.enums as indicator_enums',
      ]);
  }

  list(gatewayId: number, pageQuery: PageQuery, keyword: string | undefined) {
    let query = this.select().where('gi.gateway_id', '=', gatewayId);
    if (keyword)
      query = query.where((eb) =>
        eb.or([containsText('gi.alias', keyword), containsText('gi.data_identification', keyword)]),
      );
    return paginate(query, pageQuery, (q) => q.orderBy('gi.id'), present);
  }

  async get(gatewayId: number, id: number): Promise<GatewayIndicator | undefined> {
    const row = await this.select()
      .where('gi.gateway_id', '=', gatewayId)
      .where('gi.id', '=', id)
      .executeTakeFirst();
    return row && present(row);
  }

  async create(gatewayId: number, input: GatewayIndicatorInput): Promise<number> {
    const row = await this.db
      .insertInto('gateway_indicators')
      .values({ gateway_id: gatewayId, ...columns(input), modbus: '{}', created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(gatewayId: number, id: number, input: GatewayIndicatorInput): Promise<void> {
    await this.db
      .updateTable('gateway_indicators')
      .set(columns(input))
      .where('gateway_id', '=', gatewayId)
      .where('id', '=', id)
      .execute();
  }

  async delete(gatewayId: number, id: number): Promise<void> {
    await this.db
      .deleteFrom('gateway_indicators')
      .where('gateway_id', '=', gatewayId)
      .where('id', '=', id)
      .execute();
  }

  /** Drops a gateway's whole indicator configuration (it leaves its project). */
  async deleteOfGateway(gatewayId: number): Promise<void> {
    await this.db.deleteFrom('gateway_indicators').where('gateway_id', '=', gatewayId).execute();
  }

  /** Points a gateway's indicators at another indicator (the same one in another project). */
  async repoint(gatewayId: number, fromIndicatorId: number, toIndicatorId: number): Promise<void> {
    await this.db
      .updateTable('gateway_indicators')
      .set({ indicator_id: toIndicatorId })
      .where('gateway_id', '=', gatewayId)
      .where('indicator_id', '=', fromIndicatorId)
      .execute();
  }

  async keysOfGateway(gatewayId: number): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('gateway_indicators')
      .select('data_identification')
      .where('gateway_id', '=', gatewayId)
      .execute();
    return new Set(rows.map((row) => row.data_identification));
  }

  async isKeyTaken(gatewayId: number, dataIdentification: string, excludeId?: number): Promise<boolean> {
    let query = this.db
      .selectFrom('gateway_indicators')
      .select('id')
      .where('gateway_id', '=', gatewayId)
      .where('data_identification', '=', dataIdentification);
    if (excludeId) query = query.where('id', '!=', excludeId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async countOfGateway(gatewayId: number): Promise<number> {
    const row = await this.db
      .selectFrom('gateway_indicators')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('gateway_id', '=', gatewayId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Gateway indicators the project is charged for: those of its own gateways and of the gateways
   * shared into it (decision 0069).
   */
  countOfProject(projectId: number): Promise<number> {
    return chargedIndicatorCount(this.db, projectId);
  }

  /** Whether the gateway is shared into the project (readable there, never writable). */
  isSharedInto(projectId: number, gatewayId: number): Promise<boolean> {
    return isSharedInto(this.db, projectId, gatewayId);
  }

  /** The projects (id, name) the gateway is shared into by a standing share, each once. */
  async sharedInto(gatewayId: number): Promise<{ projectId: number; name: string }[]> {
    const ids = [...new Set((await sharedTargets(this.db, [gatewayId])).map((t) => t.projectId))];
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('groups')
      .select(['id', 'name'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ projectId: r.id, name: r.name }));
  }

  /** Locks these projects' rows in id order (PostgreSQL; SQLite runs one writer at a time). */
  async lockProjects(projectIds: number[]): Promise<void> {
    if (this.dialect !== 'postgres' || projectIds.length === 0) return;
    await this.db
      .selectFrom('projects')
      .select('group_id')
      .where('group_id', 'in', [...new Set(projectIds)])
      .orderBy('group_id')
      .forUpdate()
      .execute();
  }

  /** The project's quota and use. */
  quota(projectId: number): Promise<{ max: number; used: number }> {
    return this.readQuota(projectId, false);
  }

  /**
   * The same inside a transaction, locking the project row on PostgreSQL so two requests adding
   * indicators to one project cannot both pass the check; SQLite runs one write transaction at a time.
   */
  lockQuota(projectId: number): Promise<{ max: number; used: number; payStatus: string }> {
    return this.readQuota(projectId, this.dialect === 'postgres');
  }

  private async readQuota(
    projectId: number,
    lock: boolean,
  ): Promise<{ max: number; used: number; payStatus: string }> {
    let query = this.db
      .selectFrom('projects')
      .select(['access_gateway_indicator_max_num as max', 'pay_status'])
      .where('group_id', '=', projectId);
    if (lock) query = query.forUpdate();
    const { max, pay_status } = await query.executeTakeFirstOrThrow();
    return { max, used: await this.countOfProject(projectId), payStatus: pay_status };
  }

  async gatewayInProject(projectId: number, gatewayId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('gateways')
      .select('id')
      .where('id', '=', gatewayId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The project flag canManageGatewayData (decision 0043): whether its gateways' indicators may change. */
  async canManageGatewayData(projectId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('projects')
      .select('can_manage_gateway_data')
      .where('group_id', '=', projectId)
      .executeTakeFirst();
    return row?.can_manage_gateway_data === 1;
  }
}

type Row = Selectable<GatewayIndicatorsTable> & {
  indicator_name: string;
  indicator_type: string;
  indicator_unit: string;
  indicator_decimal_places: number;
  indicator_enums: string;
};

function present(row: Row): GatewayIndicator {
  return {
    id: row.id,
    gatewayId: row.gateway_id,
    indicatorId: row.indicator_id,
    indicator: {
      id: row.indicator_id,
      name: row.indicator_name,
      type: row.indicator_type as IndicatorType,
      unit: row.indicator_unit,
      decimalPlaces: row.indicator_decimal_places,
      indicatorEnums: JSON.parse(row.indicator_enums) as IndicatorEnum[],
    },
    alias: row.alias,
    dataIdentification: row.data_identification,
    ioType: row.io_type as GatewayIndicator['ioType'],
    decimalPlaces: row.decimal_places,
    isAutoReposition: row.is_auto_reposition === 1,
    repositionDelay: row.reposition_delay,
    createdAt: row.created_at,
  };
}
