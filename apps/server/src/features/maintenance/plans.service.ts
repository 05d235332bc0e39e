import type { Page, PageQuery } from '@iot/contracts';
import {
  type AssigneeKind,
  type ChecklistItem,
  describeSchedule,
  HOUR,
  nextAfterCompletion,
  occurrences,
  type Plan,
  type PlanBody,
  type PlanListQuery,
  PlanMessages,
  type PlannedDosing,
  type PlanOptions,
  type PlanOrder,
  type ScheduleRule,
  type TaskStatus,
  TaskStatusNames,
} from '@iot/contracts/maintenance';
import type { AuthContext } from '../../platform/auth/access.service.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { AuditsService } from '../audits/index.js';
import type { Notification } from '../messages/index.js';
import {
  type EquipmentLedger,
  equipmentName,
  type LedgerEntry,
  nobodyOnDuty,
  noLedger,
  noRunTime,
  type OnDutyResolver,
  PlanGenerator,
  parseJson,
  type RunTimeSince,
} from './plan-generation.js';
import { type PlanRow, type PlansRepository, RUN_HOURS_PREFIX, type Target } from './plans.repository.js';

export { type EquipmentLedger, type LedgerEntry, nobodyOnDuty, type OnDutyResolver, type RunTimeSince };

/** The plans' menu: every route checks its bits. */
export const PLAN_MENU = 'router-maintenancePlan';

/**
 * 保养计划 (docs/decisions/0052-maintenance-plans.md): plans, and the job that turns their
 * occurrences into work orders exactly once and tells people of due and completed maintenance.
 */
export class PlansService {
  constructor(
    private readonly repository: PlansRepository,
    readonly audits: AuditsService | null,
    readonly notify: ((n: Notification) => Promise<void>) | null,
    readonly onDuty: OnDutyResolver = nobodyOnDuty,
    private readonly ledger: EquipmentLedger = noLedger,
    runTime: RunTimeSince = noRunTime,
  ) {
    this.generator = new PlanGenerator(repository, audits, notify, onDuty, ledger, runTime);
  }

  private readonly generator: PlanGenerator;

  /** The generation job (PlanGenerator.generate). */
  generate(now = Date.now(), only?: { projectId: number; planId: number }): Promise<number> {
    return this.generator.generate(now, only);
  }

  /** 设备保养提醒 / 设备保养提醒解除 (PlanGenerator.sendNotices). */
  sendNotices(now = Date.now()): Promise<{ reminded: number; released: number }> {
    return this.generator.sendNotices(now);
  }

  async list(projectId: number, query: PlanListQuery): Promise<Page<Plan>> {
    const page = await this.repository.list(projectId, query);
    return { ...page, list: await this.present(projectId, page.list) };
  }

  async detail(projectId: number, id: number): Promise<Plan> {
    const row = await this.repository.get(projectId, id);
    if (!row) throw notFound(PlanMessages.NOT_FOUND);
    return (await this.present(projectId, [row]))[0]!;
  }

  async isNameAvailable(projectId: number, name: string, excludeId?: number): Promise<boolean> {
    return !(await this.repository.nameTaken(projectId, name.trim(), excludeId));
  }

  async create(auth: AuthContext, projectId: number, body: PlanBody): Promise<Plan> {
    await this.check(projectId, body);
    const now = Date.now();
    if (await this.repository.nameTaken(projectId, body.name)) throw conflict(PlanMessages.NAME_TAKEN);
    let id: number;
    try {
      id = await this.repository.create(
        {
          ...this.columns(body, now),
          project_id: projectId,
          created_by: auth.userId,
          created_at: now,
          generated_until: now,
        },
        this.targetsOf(body),
      );
    } catch (error) {
      if (await this.repository.nameTaken(projectId, body.name)) throw conflict(PlanMessages.NAME_TAKEN);
      throw error;
    }
    return this.detail(projectId, id);
  }

  async update(projectId: number, id: number, body: PlanBody): Promise<Plan> {
    const existing = await this.repository.get(projectId, id);
    if (!existing) throw notFound(PlanMessages.NOT_FOUND);
    await this.check(projectId, body);
    if (await this.repository.nameTaken(projectId, body.name, id)) throw conflict(PlanMessages.NAME_TAKEN);
    const now = Date.now();
    const columns: Partial<ReturnType<PlansService['columns']>> & { generated_until?: number } = this.columns(
      body,
      now,
    );
    // Switched on by the edit: start afresh from now, as the enable route does.
    if (existing.enabled === 0 && body.enabled) columns.generated_until = now;
    if (!(await this.repository.update(projectId, id, columns, this.targetsOf(body))))
      throw notFound(PlanMessages.NOT_FOUND);
    return this.detail(projectId, id);
  }

  async setEnabled(projectId: number, id: number, enabled: boolean): Promise<Plan> {
    const plan = await this.detail(projectId, id);
    if (plan.enabled !== enabled) await this.repository.setEnabled(projectId, id, enabled, Date.now());
    return this.detail(projectId, id);
  }

  /** Deletes the plan and its occurrence rows; the orders it generated stay, as work done. */
  async remove(projectId: number, id: number): Promise<void> {
    if (!(await this.repository.delete(projectId, id))) throw notFound(PlanMessages.NOT_FOUND);
  }

  async options(projectId: number): Promise<PlanOptions> {
    const [members, roles, groups, equipment] = await Promise.all([
      this.repository.members(projectId),
      this.repository.roles(projectId),
      this.repository.groups(projectId),
      this.repository.equipment(projectId),
    ]);
    return {
      users: members.map((m) => ({ id: m.id, realname: m.realname, username: m.username })),
      roles,
      groups: groups.map((g) => ({ id: g.id, name: g.name, groupType: g.group_type, parentId: g.parent_id })),
      equipment,
    };
  }

  async orders(projectId: number, id: number, query: PageQuery): Promise<Page<PlanOrder>> {
    await this.detail(projectId, id);
    const page = await this.repository.planOrders(projectId, id, query);
    const ids = page.list.flatMap((r) => (r.equipment_id === null ? [] : [r.equipment_id]));
    const ledger = await this.ledger(projectId, ids);
    return {
      ...page,
      list: page.list.map((r) => ({
        id: r.id,
        code: r.code,
        title: r.title,
        status: r.status,
        statusName: TaskStatusNames[r.status as TaskStatus] ?? String(r.status),
        // A run-hour occurrence is keyed by the mark it passed; its time is when it was generated.
        occursAt: r.target.startsWith(RUN_HOURS_PREFIX) ? Number(r.created_at) : Number(r.occurs_at),
        runHours: r.target.startsWith(RUN_HOURS_PREFIX) ? Number(r.occurs_at) / HOUR : null,
        dueAt: r.due_at === null ? null : Number(r.due_at),
        target: r.group_name ?? (r.equipment_id !== null ? equipmentName(ledger, r.equipment_id) : '全项目'),
        createdAt: Number(r.created_at),
      })),
    };
  }

  /** 立即生成: the job's run for one plan now (what is due within its lead time). */
  async generateNow(projectId: number, id: number): Promise<{ created: number }> {
    const plan = await this.detail(projectId, id);
    if (!plan.enabled) throw badRequest(PlanMessages.DISABLED);
    const created = await this.generate(Date.now(), { projectId, planId: id });
    await this.sendNotices();
    return { created };
  }

  /** Sites, equipment, users and role must be the project's. */
  private async check(projectId: number, body: PlanBody): Promise<void> {
    const options = await this.options(projectId);
    const groups = new Set(options.groups.map((g) => g.id));
    if (body.groupIds.some((id) => !groups.has(id))) throw badRequest(PlanMessages.GROUP_NOT_IN_PROJECT);
    const equipment = await this.ledger(projectId, body.equipmentIds);
    if (body.equipmentIds.some((id) => !equipment.has(id)))
      throw badRequest(PlanMessages.EQUIPMENT_NOT_IN_PROJECT);
    const users = new Set(options.users.map((u) => u.id));
    if (body.assignees.kind === 'users' && body.assignees.userIds.some((id) => !users.has(id)))
      throw badRequest(PlanMessages.ASSIGNEE_NOT_MEMBER);
    if (body.assignees.kind === 'role' && !options.roles.some((r) => r.id === body.assignees.roleId))
      throw badRequest(PlanMessages.ROLE_NOT_IN_PROJECT);
  }

  private targetsOf(body: PlanBody): Target[] {
    return [
      ...[...new Set(body.groupIds)].map((id) => ({ type: 'group' as const, id })),
      ...[...new Set(body.equipmentIds)].map((id) => ({ type: 'equipment' as const, id })),
    ];
  }

  private columns(body: PlanBody, now: number) {
    const s = body.schedule;
    const schedule: ScheduleRule = {
      unit: s.unit,
      every: s.every,
      weekdays: s.unit === 'week' ? [...new Set(s.weekdays)].sort((a, b) => a - b) : [],
      monthDays: s.unit === 'month' ? [...new Set(s.monthDays)].sort((a, b) => a - b) : [],
      time: s.time,
      basis: s.basis,
      skipWeekends: s.skipWeekends,
    };
    return {
      name: body.name,
      types: body.types,
      priority: body.priority,
      description: body.description,
      schedule: JSON.stringify(schedule),
      start_at: body.startAt,
      end_at: body.endAt,
      lead_hours: body.leadHours,
      allowed_hours: body.allowedHours,
      assignee_kind: body.assignees.kind,
      assignee_user_ids: JSON.stringify(
        body.assignees.kind === 'users' ? [...new Set(body.assignees.userIds)] : [],
      ),
      assignee_role_id: body.assignees.kind === 'role' ? body.assignees.roleId : null,
      checklist: JSON.stringify(body.checklist),
      dosing: JSON.stringify(body.dosing),
      needs_audit: body.needsAudit ? 1 : 0,
      enabled: body.enabled ? 1 : 0,
      updated_at: now,
    };
  }

  private async present(projectId: number, rows: PlanRow[]): Promise<Plan[]> {
    if (rows.length === 0) return [];
    const targets = await this.repository.targets(rows.map((r) => r.id));
    const groupIds = [
      ...new Set(
        [...targets.values()]
          .flat()
          .filter((t) => t.type === 'group')
          .map((t) => t.id),
      ),
    ];
    const [names, members, roles] = await Promise.all([
      this.repository.groupNames(groupIds),
      this.repository.members(projectId),
      this.repository.roles(projectId),
    ]);
    return rows.map((r) => {
      const schedule = parseJson<ScheduleRule>(r.schedule, {
        unit: 'day',
        every: 1,
        weekdays: [],
        monthDays: [],
        time: '08:00',
        basis: 'schedule',
        skipWeekends: false,
      });
      const own = targets.get(r.id) ?? [];
      const kind = r.assignee_kind as AssigneeKind;
      const userIds = parseJson<number[]>(r.assignee_user_ids, []);
      const assigneeText =
        kind === 'users'
          ? userIds.map((id) => members.find((m) => m.id === id)?.realname || `#${id}`).join('、')
          : kind === 'role'
            ? `角色：${roles.find((x) => x.id === r.assignee_role_id)?.name ?? '已删除'}`
            : kind === 'onDuty'
              ? '值班人员'
              : '待领取';
      const span = { startAt: Number(r.start_at), endAt: r.end_at === null ? null : Number(r.end_at) };
      const cursor = Number(r.generated_until);
      const orderCount = Number(r.order_count ?? 0);
      const nextAt =
        r.enabled !== 1 || schedule.unit === 'runHours'
          ? null
          : schedule.basis === 'schedule'
            ? (occurrences(schedule, span, cursor, Number.MAX_SAFE_INTEGER, 1)[0] ?? null)
            : orderCount === 0
              ? nextAfterCompletion(schedule, span, null, cursor)
              : null;
      return {
        id: r.id,
        name: r.name,
        types: r.types,
        priority: r.priority,
        description: r.description,
        groups: own.filter((t) => t.type === 'group').map((t) => ({ id: t.id, name: names.get(t.id) ?? '' })),
        equipmentIds: own.filter((t) => t.type === 'equipment').map((t) => t.id),
        schedule,
        scheduleText: describeSchedule(schedule),
        startAt: span.startAt,
        endAt: span.endAt,
        leadHours: r.lead_hours,
        allowedHours: r.allowed_hours,
        assignees: { kind, userIds, roleId: r.assignee_role_id },
        assigneeText,
        checklist: parseJson<ChecklistItem[]>(r.checklist, []),
        dosing: parseJson<PlannedDosing[]>(r.dosing, []),
        needsAudit: r.needs_audit === 1,
        enabled: r.enabled === 1,
        nextAt,
        orderCount,
        lastGeneratedAt: r.last_generated_at === null ? null : Number(r.last_generated_at),
        createdAt: Number(r.created_at),
        updatedAt: Number(r.updated_at),
      };
    });
  }
}
