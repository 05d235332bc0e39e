import type { PageQuery } from '@iot/contracts';
import type { Corporation } from '@iot/contracts/corporations';
import type { Kysely, Selectable } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { CorporationsTable, Database } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';

function present(row: Selectable<CorporationsTable>): Corporation {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner,
    ownerMobile: row.owner_mobile,
    logoUrl: row.logo_url,
    axisRule: row.axis_rule,
    createdAt: row.created_at,
  };
}

export interface CorporationInput {
  name?: string | undefined;
  owner?: string | undefined;
  ownerMobile?: string | undefined;
  logoUrl?: string | undefined;
  axisRule?: string | undefined;
}

export class CorporationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(pageQuery: PageQuery, keyword: string | undefined, userId?: number) {
    let query = this.db.selectFrom('corporations').selectAll('corporations');
    if (keyword) query = query.where(containsText('name', keyword));
    if (userId !== undefined) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('memberships as m')
            .select('m.user_id')
            .where('m.scope_type', '=', 'corporation')
            .whereRef('m.scope_id', '=', 'corporations.id')
            .where('m.user_id', '=', userId),
        ),
      );
    }
    return paginate(query, pageQuery, (q) => q.orderBy('id'), present);
  }

  async get(id: number): Promise<Corporation | undefined> {
    const row = await this.db.selectFrom('corporations').selectAll().where('id', '=', id).executeTakeFirst();
    return row && present(row);
  }

  async create(input: Required<CorporationInput>): Promise<number> {
    const row = await this.db
      .insertInto('corporations')
      .values({
        name: input.name,
        owner: input.owner,
        owner_mobile: input.ownerMobile,
        logo_url: input.logoUrl,
        axis_rule: input.axisRule,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, input: CorporationInput): Promise<void> {
    const set = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.owner !== undefined ? { owner: input.owner } : {}),
      ...(input.ownerMobile !== undefined ? { owner_mobile: input.ownerMobile } : {}),
      ...(input.logoUrl !== undefined ? { logo_url: input.logoUrl } : {}),
      ...(input.axisRule !== undefined ? { axis_rule: input.axisRule } : {}),
    };
    if (Object.keys(set).length > 0)
      await this.db.updateTable('corporations').set(set).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('corporations').where('id', '=', id).execute();
  }

  async hasProjects(id: number): Promise<boolean> {
    return (
      (await this.db
        .selectFrom('projects')
        .select('group_id')
        .where('corporation_id', '=', id)
        .executeTakeFirst()) !== undefined
    );
  }

  async isNameTaken(name: string, excludeId?: number): Promise<boolean> {
    let query = this.db.selectFrom('corporations').select('id').where('name', '=', name);
    if (excludeId) query = query.where('id', '!=', excludeId);
    return (await query.executeTakeFirst()) !== undefined;
  }
}
