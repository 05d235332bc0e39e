import type { PageQuery } from '@iot/contracts';
import type { ProjectSettings, ProjectSummary } from '@iot/contracts/projects';
import type { Insertable, Kysely, Updateable } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database, ProjectsTable } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';

export type ProjectColumns = Omit<Insertable<ProjectsTable>, 'group_id'>;

const bool = (value: number) => value === 1;

/** Projects: a root group plus its settings row. */
export class ProjectsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private select() {
    return this.db
      .selectFrom('projects as p')
      .innerJoin('groups as g', 'g.id', 'p.group_id')
      .leftJoin('corporations as c', 'c.id', 'p.corporation_id')
      .selectAll('p')
      .select(['g.name', 'g.created_at', 'c.name as corporation_name']);
  }

  async create(name: string, columns: ProjectColumns): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const group = await trx
        .insertInto('groups')
        .values({
          parent_id: null,
          project_id: null,
          name,
          group_type: 'project',
          site_type: null,
          sort: 0,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('groups').set({ project_id: group.id }).where('id', '=', group.id).execute();
      await trx
        .insertInto('projects')
        .values({ group_id: group.id, ...columns })
        .execute();
      return group.id;
    });
  }

  async settings(projectId: number): Promise<Omit<ProjectSettings, 'hasBackCorporationMenu'> | undefined> {
    const row = await this.select().where('p.group_id', '=', projectId).executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.group_id,
      name: row.name,
      projectGroupId: row.group_id,
      projectTypeId: row.project_type_id,
      groupDisplayName: row.group_display_name,
      logoUrl: row.logo_url,
      payStatus: row.pay_status as ProjectSettings['payStatus'],
      canEntryData: bool(row.can_entry_data),
      canManageGatewayData: bool(row.can_manage_gateway_data),
      enableMonitor: bool(row.enable_monitor),
      gatewayIndicatorSelectStyle: row.gateway_indicator_select_style,
      gatewayStyle: row.gateway_style,
      canUnbindGateway: bool(row.can_unbind_gateway),
      canChangeBindGateway: bool(row.can_change_bind_gateway),
      axisRule: row.axis_rule,
      menuName: row.menu_name,
      corporationId: row.corporation_id,
      corporationName: row.corporation_name,
      setMealEndAt: row.set_meal_end_at,
      accessGatewayIndicatorMaxNum: row.access_gateway_indicator_max_num,
      sendMessagesTotalNum: row.send_messages_total_num,
      sendVoicesTotalNum: row.send_voices_total_num,
      chatMessagesLimit: row.chat_messages_limit,
      isTemplate: bool(row.is_template),
      isDemo: bool(row.is_demo),
      createdAt: row.created_at,
      rawRetentionDays: row.raw_retention_days,
      rollupRetentionDays: row.rollup_retention_days,
    };
  }

  /** Projects, filtered by member (userId) and/or corporation. */
  /** Gateways online and offline, and warnings started since `since`, of each project. */
  async liveCounts(
    projectIds: number[],
    since: number,
  ): Promise<Map<number, { online: number; offline: number; warnings: number }>> {
    const counts = new Map(projectIds.map((id) => [id, { online: 0, offline: 0, warnings: 0 }]));
    if (projectIds.length === 0) return counts;
    const gateways = await this.db
      .selectFrom('gateways')
      .select(['project_id', 'online_status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('project_id', 'in', projectIds)
      .groupBy(['project_id', 'online_status'])
      .execute();
    for (const row of gateways) {
      const entry = counts.get(row.project_id!);
      if (!entry) continue;
      if (row.online_status === 'online') entry.online += Number(row.n);
      else entry.offline += Number(row.n);
    }
    const warnings = await this.db
      .selectFrom('warnings')
      .select(['project_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('project_id', 'in', projectIds)
      .where('started_at', '>=', since)
      .groupBy('project_id')
      .execute();
    for (const row of warnings) {
      const entry = counts.get(row.project_id);
      if (entry) entry.warnings = Number(row.n);
    }
    return counts;
  }

  list(
    pageQuery: PageQuery,
    filter: { keyword?: string | undefined; userId?: number; corporationId?: number },
  ) {
    let query = this.select();
    if (filter.keyword) query = query.where(containsText('g.name', filter.keyword));
    if (filter.corporationId !== undefined)
      query = query.where('p.corporation_id', '=', filter.corporationId);
    const userId = filter.userId;
    if (userId !== undefined) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('memberships as m')
            .select('m.user_id')
            .where('m.scope_type', '=', 'project')
            .whereRef('m.scope_id', '=', 'p.group_id')
            .where('m.user_id', '=', userId),
        ),
      );
    }
    return paginate(
      query,
      pageQuery,
      (q) => q.orderBy('p.group_id'),
      (row): ProjectSummary => ({
        id: row.group_id,
        name: row.name,
        corporationId: row.corporation_id,
        payStatus: row.pay_status as ProjectSummary['payStatus'],
        logoUrl: row.logo_url,
        isTemplate: bool(row.is_template),
        isDemo: bool(row.is_demo),
        corporationName: row.corporation_name,
        setMealEndAt: row.set_meal_end_at,
        accessGatewayIndicatorMaxNum: row.access_gateway_indicator_max_num,
        createdAt: row.created_at,
      }),
    );
  }

  async update(
    projectId: number,
    name: string | undefined,
    columns: Updateable<ProjectColumns>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (name !== undefined)
        await trx.updateTable('groups').set({ name }).where('id', '=', projectId).execute();
      if (Object.keys(columns).length > 0)
        await trx.updateTable('projects').set(columns).where('group_id', '=', projectId).execute();
    });
  }

  /**
   * Deletes the project with its whole tree of areas and sites. Its gateways' indicator
   * configuration goes with it (it names the project's indicators); the gateways it created go
   * too, and a firm's gateways return to the firm unbound.
   */
  async delete(projectId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const gateways = trx.selectFrom('gateways').select('id').where('project_id', '=', projectId);
      await trx.deleteFrom('gateway_indicators').where('gateway_id', 'in', gateways).execute();
      await trx
        .deleteFrom('gateways')
        .where('project_id', '=', projectId)
        .where('firm_id', 'is', null)
        .execute();
      await trx
        .updateTable('gateways')
        .set({ project_id: null, group_id: null })
        .where('project_id', '=', projectId)
        .execute();
      await trx.deleteFrom('projects').where('group_id', '=', projectId).execute();
      await trx.updateTable('groups').set({ parent_id: null }).where('project_id', '=', projectId).execute();
      await trx.deleteFrom('groups').where('project_id', '=', projectId).execute();
    });
  }

  /**
   * A new project starts from a template: the template's areas and sites (parents before children,
   * ids mapped) and its own roles with their functions. Gateways, data and members stay behind.
   */
  async copyFromTemplate(templateId: number, projectId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const groups = await trx
        .selectFrom('groups')
        .selectAll()
        .where('project_id', '=', templateId)
        .where('id', '!=', templateId)
        .orderBy('id')
        .execute();
      const ids = new Map<number, number>([[templateId, projectId]]);
      let pending = groups;
      while (pending.length > 0) {
        const ready = pending.filter((g) => g.parent_id === null || ids.has(g.parent_id));
        if (ready.length === 0) break;
        for (const g of ready) {
          const copy = await trx
            .insertInto('groups')
            .values({
              parent_id: g.parent_id === null ? projectId : (ids.get(g.parent_id) ?? projectId),
              project_id: projectId,
              name: g.name,
              group_type: g.group_type,
              site_type: g.site_type,
              sort: g.sort,
              created_at: Date.now(),
              is_monitor: g.is_monitor,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.set(g.id, copy.id);
        }
        pending = pending.filter((g) => !ids.has(g.id));
      }
      const roles = await trx
        .selectFrom('roles')
        .selectAll()
        .where('scope_type', '=', 'project')
        .where('scope_id', '=', templateId)
        .where('builtin', 'is', null)
        .orderBy('id')
        .execute();
      for (const role of roles) {
        const copy = await trx
          .insertInto('roles')
          .values({
            scope_type: 'project',
            scope_id: projectId,
            name: role.name,
            description: role.description,
            builtin: null,
            created_at: Date.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const functions = await trx
          .selectFrom('role_functions')
          .select(['menu_code', 'permission'])
          .where('role_id', '=', role.id)
          .execute();
        if (functions.length > 0)
          await trx
            .insertInto('role_functions')
            .values(functions.map((f) => ({ ...f, role_id: copy.id })))
            .execute();
      }
    });
  }

  async isNameTaken(name: string, excludeId?: number): Promise<boolean> {
    let query = this.db
      .selectFrom('groups')
      .select('id')
      .where('group_type', '=', 'project')
      .where('name', '=', name);
    if (excludeId) query = query.where('id', '!=', excludeId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async corporationExists(id: number): Promise<boolean> {
    return (
      (await this.db.selectFrom('corporations').select('id').where('id', '=', id).executeTakeFirst()) !==
      undefined
    );
  }
}
