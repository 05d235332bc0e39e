import type { Kysely } from 'kysely';
import type { Database, GroupRow } from '../../platform/db/schema.js';
import { sharedGatewayIds } from '../sharing/index.js';

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

  /**
   * The equipment standing at each monitoring point of the project (decision 0051: a point stands
   * for one piece; if a group marked a point later holds several, the first by id).
   */
  async equipmentAtPoints(projectId: number): Promise<Map<number, { id: number; name: string }>> {
    const rows = await this.db
      .selectFrom('equipment as e')
      .innerJoin('groups as g', 'g.id', 'e.group_id')
      .select(['e.group_id', 'e.id', 'e.name'])
      .where('e.project_id', '=', projectId)
      .where('g.is_monitor', '=', 1)
      .orderBy('e.id', 'desc')
      .execute();
    return new Map(rows.map((r) => [r.group_id!, { id: r.id, name: r.name }]));
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
    input: { name: string; groupType: string; siteType: string | null; sort: number; isMonitor: boolean },
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
        is_monitor: input.isMonitor ? 1 : 0,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    projectId: number,
    id: number,
    patch: { name?: string; site_type?: string | null; sort?: number; is_monitor?: number },
  ) {
    if (Object.keys(patch).length === 0) return;
    await this.db
      .updateTable('groups')
      .set(patch)
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
  }

  /** The direct children of a group, in their current order. */
  children(projectId: number, parentId: number): Promise<GroupRow[]> {
    return this.db
      .selectFrom('groups')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('parent_id', '=', parentId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** Sets the sort of several groups of the project in one transaction. */
  async setSorts(projectId: number, sorts: { id: number; sort: number }[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const { id, sort } of sorts) {
        await trx
          .updateTable('groups')
          .set({ sort })
          .where('project_id', '=', projectId)
          .where('id', '=', id)
          .execute();
      }
    });
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

  /**
   * Indicators of the gateways bound to the project's groups, optionally only some gateways or
   * indicators; gateways shared into the project sit at its root (decision 0069).
   */
  async gatewayIndicators(
    projectId: number,
    filter: { gatewayIds?: number[]; gatewayIndicatorIds?: number[] },
  ) {
    let query = this.db
      .selectFrom('gateway_indicators as gi')
      .innerJoin('gateways as g', 'g.id', 'gi.gateway_id')
      .select([
        'gi.id',
        'gi.gateway_id',
        'g.alias as gateway_alias',
        'g.group_id',
        'g.project_id',
        'gi.alias',
        'gi.data_identification',
      ])
      .where((eb) =>
        eb.or([
          eb.and([eb('g.project_id', '=', projectId), eb('g.group_id', 'is not', null)]),
          eb('g.id', 'in', sharedGatewayIds(this.db, projectId)),
        ]),
      );
    if (filter.gatewayIds) query = query.where('g.id', 'in', filter.gatewayIds);
    if (filter.gatewayIndicatorIds) query = query.where('gi.id', 'in', filter.gatewayIndicatorIds);
    const rows = await query.orderBy('g.id').orderBy('gi.id').execute();
    return rows.map(({ project_id, ...row }) => ({
      ...row,
      group_id: project_id === projectId ? row.group_id : projectId,
    }));
  }

  /**
   * The gateway indicators linked to the project's monitoring points, keyed by group. Links whose
   * gateway has left the project (transferred) are not answered.
   */
  linkedIndicators(
    projectId: number,
    filter: {
      groupId?: number;
      gatewayIds?: number[] | undefined;
      gatewayIndicatorIds?: number[] | undefined;
    },
  ) {
    let query = this.db
      .selectFrom('group_gateway_indicators as l')
      .innerJoin('groups as grp', 'grp.id', 'l.group_id')
      .innerJoin('gateway_indicators as gi', 'gi.id', 'l.gateway_indicator_id')
      .innerJoin('gateways as g', 'g.id', 'gi.gateway_id')
      .select([
        'l.group_id',
        'gi.id',
        'gi.gateway_id',
        'g.alias as gateway_alias',
        'gi.alias',
        'gi.data_identification',
      ])
      .where('grp.project_id', '=', projectId)
      .where('grp.is_monitor', '=', 1)
      .where('g.project_id', '=', projectId);
    if (filter.groupId !== undefined) query = query.where('l.group_id', '=', filter.groupId);
    if (filter.gatewayIds) query = query.where('g.id', 'in', filter.gatewayIds);
    if (filter.gatewayIndicatorIds) query = query.where('gi.id', 'in', filter.gatewayIndicatorIds);
    return query.orderBy('g.id').orderBy('gi.id').execute();
  }

  /**
   * Replaces a monitoring point's links in one transaction, if every id is a gateway indicator of a
   * gateway bound to the project; otherwise changes nothing and answers the ids that are not.
   */
  async replaceLinks(projectId: number, groupId: number, ids: number[]): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const found =
        ids.length === 0
          ? []
          : await trx
              .selectFrom('gateway_indicators as gi')
              .innerJoin('gateways as g', 'g.id', 'gi.gateway_id')
              .select('gi.id')
              .where('g.project_id', '=', projectId)
              .where('gi.id', 'in', ids)
              .execute();
      const known = new Set(found.map((row) => row.id));
      const missing = ids.filter((id) => !known.has(id));
      if (missing.length > 0) return missing;
      await trx.deleteFrom('group_gateway_indicators').where('group_id', '=', groupId).execute();
      if (ids.length > 0) {
        await trx
          .insertInto('group_gateway_indicators')
          .values(ids.map((id) => ({ group_id: groupId, gateway_indicator_id: id })))
          .execute();
      }
      return [];
    });
  }
}
