import type { Page, PageQuery } from '@iot/contracts';
import type { GatewayFirm, MyGatewayFirm } from '@iot/contracts/gateway-firms';
import type { Kysely, Selectable } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database, GatewayFirmsTable } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';

function present(row: Selectable<GatewayFirmsTable>): GatewayFirm {
  return {
    id: row.id,
    name: row.name,
    identificationCode: row.identification_code,
    createdAt: row.created_at,
  };
}

export class GatewayFirmsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Firms, all of them or (userId given) those the user is a member of. */
  list(pageQuery: PageQuery, keyword: string | undefined, userId?: number) {
    let query = this.db.selectFrom('gateway_firms').selectAll('gateway_firms');
    if (keyword) query = query.where(containsText('name', keyword));
    if (userId !== undefined) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('memberships as m')
            .select('m.user_id')
            .where('m.scope_type', '=', 'firm')
            .whereRef('m.scope_id', '=', 'gateway_firms.id')
            .where('m.user_id', '=', userId),
        ),
      );
    }
    return paginate(query, pageQuery, (q) => q.orderBy('id'), present);
  }

  /**
   * 我的网关厂商: the page's firms with the caller's role in each (null where they hold none: a system
   * administrator sees every firm) and each one's gateways: all, bound to a project, online.
   */
  async withMine(userId: number, page: Page<GatewayFirm>): Promise<Page<MyGatewayFirm>> {
    const ids = page.list.map((f) => f.id);
    if (ids.length === 0) return { ...page, list: [] };
    const [roles, gateways] = await Promise.all([
      this.db
        .selectFrom('memberships as m')
        .innerJoin('roles as r', 'r.id', 'm.role_id')
        .select(['m.scope_id', 'r.name'])
        .where('m.scope_type', '=', 'firm')
        .where('m.user_id', '=', userId)
        .where('m.scope_id', 'in', ids)
        .execute(),
      this.db
        .selectFrom('gateways')
        .select((eb) => [
          'firm_id',
          eb.fn.countAll<number | string>().as('total'),
          eb.fn.count<number | string>('project_id').as('bound'),
          eb.fn
            .sum<number | string | null>(eb.case().when('online_status', '=', 'online').then(1).else(0).end())
            .as('online'),
        ])
        .where('firm_id', 'in', ids)
        .groupBy('firm_id')
        .execute(),
    ]);
    const role = new Map(roles.map((r) => [r.scope_id, r.name]));
    const counts = new Map(gateways.map((g) => [g.firm_id, g]));
    return {
      ...page,
      list: page.list.map((firm) => {
        const c = counts.get(firm.id);
        return {
          ...firm,
          roleName: role.get(firm.id) ?? null,
          gateways: Number(c?.total ?? 0),
          boundGateways: Number(c?.bound ?? 0),
          onlineGateways: Number(c?.online ?? 0),
        };
      }),
    };
  }

  async get(id: number): Promise<GatewayFirm | undefined> {
    const row = await this.db.selectFrom('gateway_firms').selectAll().where('id', '=', id).executeTakeFirst();
    return row && present(row);
  }

  async create(input: { name: string; identificationCode: string }): Promise<number> {
    const row = await this.db
      .insertInto('gateway_firms')
      .values({ name: input.name, identification_code: input.identificationCode, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, input: { name: string; identificationCode: string }): Promise<void> {
    await this.db
      .updateTable('gateway_firms')
      .set({ name: input.name, identification_code: input.identificationCode })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('gateway_firms').where('id', '=', id).execute();
  }

  async isTaken(column: 'name' | 'identification_code', value: string, excludeId?: number): Promise<boolean> {
    let query = this.db.selectFrom('gateway_firms').select('id').where(column, '=', value);
    if (excludeId) query = query.where('id', '!=', excludeId);
    return (await query.executeTakeFirst()) !== undefined;
  }
}
