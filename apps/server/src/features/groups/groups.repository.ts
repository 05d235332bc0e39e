import type { Kysely } from 'kysely';
import type { Database, GroupRow } from '../../platform/db/schema.js';

/** Areas and sites of a project tree; every call names the project. */
export class GroupsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  ofProject(projectId: number): Promise<GroupRow[]> {
    return this.db
      .selectFrom('groups')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  get(projectId: number, id: number): Promise<GroupRow | undefined> {
    return this.db
      .selectFrom('groups')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async displayName(projectId: number): Promise<string> {
    const row = await this.db
      .selectFrom('projects')
      .select('group_display_name')
      .where('group_id', '=', projectId)
      .executeTakeFirst();
    return row?.group_display_name ?? '分组';
  }

  async create(
    projectId: number,
    parentId: number,
    input: { name: string; groupType: string; siteType: string | null; sort: number },
  ) {
    const row = await this.db
      .insertInto('groups')
      .values({
        parent_id: parentId,
        project_id: projectId,
        name: input.name,
        group_type: input.groupType,
        site_type: input.siteType,
        sort: input.sort,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    projectId: number,
    id: number,
    patch: { name?: string; site_type?: string | null; sort?: number },
  ) {
    if (Object.keys(patch).length === 0) return;
    await this.db
      .updateTable('groups')
      .set(patch)
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
  }

  async delete(projectId: number, id: number): Promise<void> {
    await this.db.deleteFrom('groups').where('project_id', '=', projectId).where('id', '=', id).execute();
  }

  async isSiblingNameTaken(parentId: number, name: string, excludeId?: number): Promise<boolean> {
    let query = this.db
      .selectFrom('groups')
      .select('id')
      .where('parent_id', '=', parentId)
      .where('name', '=', name);
    if (excludeId) query = query.where('id', '!=', excludeId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async hasChildren(id: number): Promise<boolean> {
    return (
      (await this.db.selectFrom('groups').select('id').where('parent_id', '=', id).executeTakeFirst()) !==
      undefined
    );
  }

  /** Indicators of the gateways bound to the project's groups, optionally only some gateways or indicators. */
  gatewayIndicators(projectId: number, filter: { gatewayIds?: number[]; gatewayIndicatorIds?: number[] }) {
    let query = this.db
      .selectFrom('gateway_indicators as gi')
      .innerJoin('gateways as g', 'g.id', 'gi.gateway_id')
      .select([
        'gi.id',
        'gi.gateway_id',
        'g.alias as gateway_alias',
        'g.group_id',
        'gi.alias',
        'gi.data_identification',
      ])
      .where('g.project_id', '=', projectId)
      .where('g.group_id', 'is not', null);
    if (filter.gatewayIds) query = query.where('g.id', 'in', filter.gatewayIds);
    if (filter.gatewayIndicatorIds) query = query.where('gi.id', 'in', filter.gatewayIndicatorIds);
    return query.orderBy('g.id').orderBy('gi.id').execute();
  }
}
