import type { PageQuery } from '@iot/contracts';
import type { Indicator, IndicatorEnum, IndicatorType } from '@iot/contracts/indicators';
import { type Kysely, type Selectable, sql } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database, IndicatorsTable } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';

/** The fields of an indicator a project sets. */
export interface IndicatorInput {
  name: string;
  type: IndicatorType;
  unit: string;
  decimalPlaces: number;
  indicatorEnums: IndicatorEnum[];
}

type Row = Selectable<IndicatorsTable> & { used_count: number | string | null };

function present(row: Row): Indicator {
  return {
    id: row.id,
    projectId: row.project_id!,
    name: row.name,
    type: row.type as IndicatorType,
    unit: row.unit,
    decimalPlaces: row.decimal_places,
    indicatorEnums: JSON.parse(row.enums) as IndicatorEnum[],
    usedCount: Number(row.used_count),
    createdAt: row.created_at,
  };
}

const columns = (input: IndicatorInput) => ({
  name: input.name,
  type: input.type,
  unit: input.unit,
  decimal_places: input.decimalPlaces,
  enums: JSON.stringify(input.indicatorEnums),
});

/** A project's indicators; every call names the project. */
export class IndicatorsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private select(projectId: number) {
    return this.db
      .selectFrom('indicators as i')
      .selectAll('i')
      .select((eb) =>
        eb
          .selectFrom('gateway_indicators as gi')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('gi.indicator_id', '=', 'i.id')
          .as('used_count'),
      )
      .where('i.project_id', '=', projectId);
  }

  list(projectId: number, pageQuery: PageQuery, filter: { keyword?: string; type?: IndicatorType }) {
    let query = this.select(projectId);
    if (filter.keyword) query = query.where(containsText('i.name', filter.keyword));
    if (filter.type) query = query.where('i.type', '=', filter.type);
    return paginate(
      query,
      pageQuery,
      (q) => q.orderBy('i.id'),
      (row) => present(row),
    );
  }

  async get(projectId: number, id: number): Promise<Indicator | undefined> {
    const row = await this.select(projectId).where('i.id', '=', id).executeTakeFirst();
    return row && present(row);
  }

  async findByName(projectId: number, name: string): Promise<Indicator | undefined> {
    const row = await this.select(projectId).where('i.name', '=', name).executeTakeFirst();
    return row && present(row);
  }

  /** The indicators a gateway's gateway indicators point at, whichever project they belong to. */
  async usedByGateway(gatewayId: number): Promise<Indicator[]> {
    const rows = await this.db
      .selectFrom('indicators as i')
      .selectAll('i')
      .select(sql<number>`0`.as('used_count'))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('gateway_indicators as gi')
            .select('gi.id')
            .whereRef('gi.indicator_id', '=', 'i.id')
            .where('gi.gateway_id', '=', gatewayId),
        ),
      )
      .orderBy('i.id')
      .execute();
    return rows.map((row) => present(row));
  }

  /** The gateways that have a gateway indicator of this indicator. */
  async gatewaysUsing(indicatorId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('gateway_indicators')
      .select('gateway_id')
      .distinct()
      .where('indicator_id', '=', indicatorId)
      .execute();
    return rows.map((row) => row.gateway_id);
  }

  async create(projectId: number, input: IndicatorInput): Promise<number> {
    const row = await this.db
      .insertInto('indicators')
      .values({ project_id: projectId, firm_id: null, ...columns(input), created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(projectId: number, id: number, input: IndicatorInput): Promise<void> {
    await this.db
      .updateTable('indicators')
      .set(columns(input))
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
  }

  async delete(projectId: number, id: number): Promise<void> {
    await this.db.deleteFrom('indicators').where('project_id', '=', projectId).where('id', '=', id).execute();
  }

  async isNameTaken(projectId: number, name: string, excludeId?: number): Promise<boolean> {
    let query = this.db
      .selectFrom('indicators')
      .select('id')
      .where('project_id', '=', projectId)
      .where('name', '=', name);
    if (excludeId) query = query.where('id', '!=', excludeId);
    return (await query.executeTakeFirst()) !== undefined;
  }
}
