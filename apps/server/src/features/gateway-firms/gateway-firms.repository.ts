import type { PageQuery } from '@iot/contracts';
import type { GatewayFirm } from '@iot/contracts/gateway-firms';
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
