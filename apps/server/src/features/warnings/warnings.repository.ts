import type { Page, PageQuery } from '@iot/contracts';
import type {
  HandleStatus,
  RuleKind,
  RuleSchedule,
  Warning,
  WarningHandle,
  WarningListQuery,
  WarningRule,
} from '@iot/contracts/warnings';
import { type Kysely, type Selectable, sql } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database, WarningRulesTable, WarningsTable } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';
import { sharedGatewayIds, sharedTargets } from '../sharing/index.js';

export type RuleRow = Selectable<WarningRulesTable>;
export type WarningRow = Selectable<WarningsTable>;
export type NewRule = Omit<RuleRow, 'id'>;

/** Comma-separated camera ids (as message headers carry them) → ids. */
export function cameraIdList(text: string | null): number[] {
  return text
    ? text
        .split(',')
        .map(Number)
        .filter((id) => Number.isInteger(id) && id > 0)
    : [];
}

export function presentRule(
  row: RuleRow & {
    gateway_alias: string;
    metric: string | null;
    indicator_name: string | null;
    unit: string | null;
  },
): WarningRule {
  return {
    id: row.id,
    projectId: row.project_id,
    gatewayId: row.gateway_id,
    gatewayAlias: row.gateway_alias,
    gatewayIndicatorId: row.gateway_indicator_id,
    metric: row.metric,
    indicatorName: row.indicator_name,
    unit: row.unit,
    name: row.name,
    kind: row.kind as RuleKind,
    level: row.level,
    low: row.low,
    high: row.high,
    value: row.value,
    ratePerMinute: row.rate_per_minute,
    offlineMinutes: row.offline_minutes,
    delaySeconds: row.delay_seconds,
    delayCount: row.delay_count,
    hysteresis: row.hysteresis,
    schedule: row.schedule ? (JSON.parse(row.schedule) as RuleSchedule) : null,
    modeIds: row.mode_ids ? (JSON.parse(row.mode_ids) as number[]) : [],
    equipmentFault: Boolean(row.equipment_fault),
    cameraIds: cameraIdList(row.camera_ids),
    autoCapture: Boolean(row.auto_capture),
    enabled: Boolean(row.enabled),
    createdAt: Number(row.created_at),
  };
}

function presentWarning(
  row: WarningRow & {
    gateway_alias: string | null;
    metric: string | null;
    indicator_name: string | null;
    unit: string | null;
    handler_name: string | null;
  },
): Warning {
  return {
    id: row.id,
    projectId: row.project_id,
    gatewayId: row.gateway_id,
    gatewayAlias: row.gateway_alias ?? '',
    gatewayIndicatorId: row.gateway_indicator_id,
    metric: row.metric,
    indicatorName: row.indicator_name,
    unit: row.unit,
    ruleId: row.rule_id,
    kind: row.kind as RuleKind,
    level: row.level,
    value: row.value,
    threshold: row.threshold,
    startedAt: Number(row.started_at),
    releasedAt: row.released_at === null ? null : Number(row.released_at),
    releaseValue: row.release_value,
    handleStatus: row.handle_status as HandleStatus,
    handledBy: row.handler_name,
    handledAt: row.handled_at === null ? null : Number(row.handled_at),
    cameraIds: cameraIdList(row.camera_ids),
    autoCapture: Boolean(row.auto_capture),
  };
}

/**
 * Rules, warnings and handling (the engine's rule states: rule-states.repository.ts; the analysis
 * screen's counts: warning-analysis.repository.ts).
 */
export class WarningsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private rules() {
    return this.db
      .selectFrom('warning_rules as r')
      .innerJoin('gateways as g', 'g.id', 'r.gateway_id')
      .leftJoin('gateway_indicators as gi', 'gi.id', 'r.gateway_indicator_id')
      .leftJoin('indicators as i', 'i.id', 'gi.indicator_id')
      .selectAll('r')
      .select([
        'g.alias as gateway_alias',
        'gi.data_identification as metric',
        'i.name as indicator_name',
        'i.unit',
      ]);
  }

  listRules(
    projectId: number,
    query: PageQuery & { gatewayId?: number; keyword?: string },
  ): Promise<Page<WarningRule>> {
    let q = this.rules().where('r.project_id', '=', projectId);
    if (query.gatewayId) q = q.where('r.gateway_id', '=', query.gatewayId);
    const keyword = query.keyword;
    if (keyword) {
      q = q.where((eb) =>
        eb.or([
          containsText('r.name', keyword),
          containsText('g.alias', keyword),
          containsText('i.name', keyword),
        ]),
      );
    }
    return paginate(q, query, (o) => o.orderBy('r.id', 'desc'), presentRule);
  }

  async rule(projectId: number, id: number): Promise<WarningRule | undefined> {
    const row = await this.rules()
      .where('r.project_id', '=', projectId)
      .where('r.id', '=', id)
      .executeTakeFirst();
    return row && presentRule(row);
  }

  async insertRules(rows: NewRule[]): Promise<number[]> {
    if (rows.length === 0) return [];
    return this.db.transaction().execute(async (trx) => {
      const ids = (await trx.insertInto('warning_rules').values(rows).returning('id').execute()).map(
        (r) => r.id,
      );
      // With its state row from the start, a rule's first evaluations on two nodes lock one row.
      await trx
        .insertInto('warning_rule_states')
        .values(ids.map((rule_id) => ({ rule_id, phase: 'normal', count: 0 })))
        .execute();
      return ids;
    });
  }

  async updateRule(id: number, changes: Partial<NewRule>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('warning_rules').set(changes).where('id', '=', id).execute();
      // A changed rule starts over; an open warning stays open until released by the new rule.
      await trx
        .updateTable('warning_rule_states')
        .set({ phase: 'normal', since_ts: null, count: 0 })
        .where('rule_id', '=', id)
        .where('phase', '=', 'pending')
        .execute();
    });
  }

  async deleteRule(id: number): Promise<void> {
    await this.db.deleteFrom('warning_rules').where('id', '=', id).execute();
  }

  /**
   * Gateway indicators of the project among `ids`, with their gateway: of its own gateways and of
   * those shared into it (the target's own rules watch shared gateways too; decision 0069).
   */
  indicatorsInProject(projectId: number, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('gateway_indicators as gi')
      .innerJoin('gateways as g', 'g.id', 'gi.gateway_id')
      .select(['gi.id', 'gi.gateway_id'])
      .where((eb) =>
        eb.or([eb('g.project_id', '=', projectId), eb('g.id', 'in', sharedGatewayIds(this.db, projectId))]),
      )
      .where('gi.id', 'in', ids)
      .execute();
  }

  /**
   * Those of the rules that apply: on a gateway of the rule's project, or shared into it by a share
   * that stands (a revoked share leaves the target's rules stored but silent; decision 0069).
   */
  private async applicable<R extends { project_id: number; gateway_id: number }>(rules: R[]): Promise<R[]> {
    if (rules.length === 0) return rules;
    const gatewayIds = [...new Set(rules.map((r) => r.gateway_id))];
    const owners = new Map(
      (
        await this.db
          .selectFrom('gateways')
          .select(['id', 'project_id'])
          .where('id', 'in', gatewayIds)
          .execute()
      ).map((g) => [g.id, g.project_id]),
    );
    const foreign = rules.filter((r) => owners.get(r.gateway_id) !== r.project_id);
    if (foreign.length === 0) return rules;
    const shared = new Set(
      (await sharedTargets(this.db, [...new Set(foreign.map((r) => r.gateway_id))])).map(
        (l) => `${l.gatewayId}:${l.projectId}`,
      ),
    );
    return rules.filter(
      (r) => owners.get(r.gateway_id) === r.project_id || shared.has(`${r.gateway_id}:${r.project_id}`),
    );
  }

  /** How many of these mode ids are modes of the project. */
  async modesInProject(projectId: number, ids: number[]): Promise<number> {
    const rows = await this.db
      .selectFrom('modes')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', 'in', ids)
      .execute();
    return rows.length;
  }

  /** How many of these camera ids are cameras of the project (a rule's cameras; decision 0064). */
  async camerasInProject(projectId: number, ids: number[]): Promise<number> {
    const rows = await this.db
      .selectFrom('cameras')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', 'in', ids)
      .execute();
    return rows.length;
  }

  /** The current mode of the group (site) each gateway sits in; null without one. */
  async gatewayModes(gatewayIds: number[]): Promise<Map<number, number | null>> {
    if (gatewayIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('gateways as g')
      .leftJoin('groups as s', 's.id', 'g.group_id')
      .select(['g.id', 's.mode_id'])
      .where('g.id', 'in', gatewayIds)
      .execute();
    return new Map(rows.map((r) => [r.id, r.mode_id ?? null]));
  }

  /** Gateways of the project among `ids`: its own and those shared into it (decision 0069). */
  gatewaysInProject(projectId: number, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('gateways')
      .select(['id'])
      .where((eb) =>
        eb.or([eb('project_id', '=', projectId), eb('id', 'in', sharedGatewayIds(this.db, projectId))]),
      )
      .where('id', 'in', ids)
      .execute();
  }

  /**
   * Gateway indicators of these gateways whose data identification is one of `keys` (any case), with
   * the kinds of rule each already has.
   */
  async indicatorsByKeys(gatewayIds: number[], keys: string[]) {
    if (gatewayIds.length === 0 || keys.length === 0) return [];
    const rows = await this.db
      .selectFrom('gateway_indicators as gi')
      .leftJoin('warning_rules as r', 'r.gateway_indicator_id', 'gi.id')
      .select(['gi.id', 'gi.gateway_id', 'gi.data_identification', 'r.kind'])
      .where('gi.gateway_id', 'in', gatewayIds)
      .where(
        sql<string>`lower(gi.data_identification)`,
        'in',
        keys.map((key) => key.toLowerCase()),
      )
      .orderBy('gi.id')
      .execute();
    const byId = new Map<number, { id: number; gatewayId: number; key: string; kinds: Set<string> }>();
    for (const row of rows) {
      const entry = byId.get(row.id) ?? {
        id: row.id,
        gatewayId: row.gateway_id,
        key: row.data_identification.toLowerCase(),
        kinds: new Set<string>(),
      };
      if (row.kind) entry.kinds.add(row.kind);
      byId.set(row.id, entry);
    }
    return [...byId.values()];
  }

  /** Enabled value rules of these gateway indicators (those that apply). */
  async enabledRulesOf(gatewayIndicatorIds: number[]) {
    return this.applicable(
      await this.db
        .selectFrom('warning_rules')
        .selectAll()
        .where('gateway_indicator_id', 'in', gatewayIndicatorIds)
        .where('enabled', '=', 1)
        .where('kind', '!=', 'offline')
        .execute(),
    );
  }

  /** Enabled offline rules with their gateway's presence (those that apply). */
  async offlineRules() {
    return this.applicable(
      await this.db
        .selectFrom('warning_rules as r')
        .innerJoin('gateways as g', 'g.id', 'r.gateway_id')
        .selectAll('r')
        .select(['g.online_status', 'g.last_seen_at'])
        .where('r.kind', '=', 'offline')
        .where('r.enabled', '=', 1)
        .execute(),
    );
  }

  private warnings() {
    return this.db
      .selectFrom('warnings as w')
      .leftJoin('gateways as g', 'g.id', 'w.gateway_id')
      .leftJoin('gateway_indicators as gi', 'gi.id', 'w.gateway_indicator_id')
      .leftJoin('indicators as i', 'i.id', 'gi.indicator_id')
      .leftJoin('users as u', 'u.id', 'w.handled_by')
      .selectAll('w')
      .select([
        'g.alias as gateway_alias',
        'gi.data_identification as metric',
        'i.name as indicator_name',
        'i.unit',
        'u.username as handler_name',
      ]);
  }

  async warningsById(ids: number[]): Promise<Warning[]> {
    if (ids.length === 0) return [];
    return (await this.warnings().where('w.id', 'in', ids).execute()).map(presentWarning);
  }

  /** The group and every group below it, within the project (none when it is not the project's). */
  private async subtree(projectId: number, groupId: number): Promise<number[]> {
    const groups = await this.db
      .selectFrom('groups')
      .select(['id', 'parent_id'])
      .where('project_id', '=', projectId)
      .execute();
    if (!groups.some((g) => g.id === groupId)) return [];
    const ids = [groupId];
    for (let i = 0; i < ids.length; i++) {
      for (const group of groups) if (group.parent_id === ids[i]) ids.push(group.id);
    }
    return ids;
  }

  async listWarnings(projectId: number, query: WarningListQuery): Promise<Page<Warning>> {
    let q = this.warnings().where('w.project_id', '=', projectId);
    if (query.gatewayId) q = q.where('w.gateway_id', '=', query.gatewayId);
    if (query.groupId !== undefined && query.groupId !== projectId) {
      const groupIds = await this.subtree(projectId, query.groupId);
      q = q.where('g.group_id', 'in', groupIds.length > 0 ? groupIds : [-1]);
    }
    if (query.level) q = q.where('w.level', '=', query.level);
    if (query.kind) q = q.where('w.kind', '=', query.kind);
    if (query.handleStatus) q = q.where('w.handle_status', '=', query.handleStatus);
    const keyword = query.keyword;
    if (keyword) {
      q = q.where((eb) =>
        eb.or([
          containsText('g.alias', keyword),
          containsText('i.name', keyword),
          containsText('gi.alias', keyword),
          containsText('gi.data_identification', keyword),
        ]),
      );
    }
    if (query.state === 'active') q = q.where('w.released_at', 'is', null);
    if (query.state === 'released') q = q.where('w.released_at', 'is not', null);
    if (query.startTime !== undefined) q = q.where('w.started_at', '>=', query.startTime);
    if (query.stopTime !== undefined) q = q.where('w.started_at', '<', query.stopTime);
    return paginate(
      q,
      query,
      (o) => o.orderBy('w.started_at', 'desc').orderBy('w.id', 'desc'),
      presentWarning,
    );
  }

  async warning(projectId: number, id: number): Promise<Warning | undefined> {
    const row = await this.warnings()
      .where('w.project_id', '=', projectId)
      .where('w.id', '=', id)
      .executeTakeFirst();
    return row && presentWarning(row);
  }

  async handles(warningId: number): Promise<WarningHandle[]> {
    const rows = await this.db
      .selectFrom('warning_handles as h')
      .leftJoin('users as u', 'u.id', 'h.user_id')
      .select(['h.id', 'h.status', 'h.note', 'h.user_id', 'u.username', 'u.realname', 'h.created_at'])
      .where('h.warning_id', '=', warningId)
      .orderBy('h.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      status: r.status as HandleStatus,
      note: r.note,
      userId: r.user_id,
      username: r.username,
      realname: r.realname,
      createdAt: Number(r.created_at),
    }));
  }

  /** Records a handling step on warnings of the project; answers the ids it changed. */
  async handle(projectId: number, ids: number[], userId: number, status: HandleStatus, note: string) {
    return this.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('warnings')
        .select('id')
        .where('project_id', '=', projectId)
        .where('id', 'in', ids)
        .execute();
      const now = Date.now();
      for (const { id } of found) {
        await trx
          .updateTable('warnings')
          .set({ handle_status: status, handled_by: userId, handled_at: now })
          .where('id', '=', id)
          .execute();
        await trx
          .insertInto('warning_handles')
          .values({ warning_id: id, user_id: userId, status, note, created_at: now })
          .execute();
      }
      return found.map((f) => f.id);
    });
  }
}
