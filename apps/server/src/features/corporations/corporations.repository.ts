import type { Page, PageQuery } from '@iot/contracts';
import type { Corporation, MyCorporation } from '@iot/contracts/corporations';
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

  /**
   * 我的公司: the page's corporations with the caller's role in each (null where they hold none: a
   * system administrator sees every corporation) and each one's projects and gateways online/offline.
   */
  async withMine(userId: number, page: Page<Corporation>): Promise<Page<MyCorporation>> {
    const ids = page.list.map((c) => c.id);
    if (ids.length === 0) return { ...page, list: [] };
    const [roles, projects, gateways] = await Promise.all([
      this.db
        .selectFrom('memberships as m')
        .innerJoin('roles as r', 'r.id', 'm.role_id')
        .select(['m.scope_id', 'r.name'])
        .where('m.scope_type', '=', 'corporation')
        .where('m.user_id', '=', userId)
        .where('m.scope_id', 'in', ids)
        .execute(),
      this.db
        .selectFrom('projects')
        .select(['corporation_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('corporation_id', 'in', ids)
        .groupBy('corporation_id')
        .execute(),
      this.db
        .selectFrom('gateways as g')
        .innerJoin('projects as p', 'p.group_id', 'g.project_id')
        .select(['p.corporation_id', 'g.online_status', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('p.corporation_id', 'in', ids)
        .groupBy(['p.corporation_id', 'g.online_status'])
        .execute(),
    ]);
    const role = new Map(roles.map((r) => [r.scope_id, r.name]));
    const projectCount = new Map(projects.map((p) => [p.corporation_id, Number(p.n)]));
    const count = (id: number, online: boolean) =>
      gateways
        .filter((g) => g.corporation_id === id && (g.online_status === 'online') === online)
        .reduce((sum, g) => sum + Number(g.n), 0);
    return {
      ...page,
      list: page.list.map((c) => ({
        id: c.id,
        name: c.name,
        owner: c.owner,
        logoUrl: c.logoUrl,
        createdAt: c.createdAt,
        roleName: role.get(c.id) ?? null,
        projects: projectCount.get(c.id) ?? 0,
        onlineGateways: count(c.id, true),
        offlineGateways: count(c.id, false),
      })),
    };
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
