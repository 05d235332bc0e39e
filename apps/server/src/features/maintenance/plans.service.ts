import type { Page, PageQuery } from '@iot/contracts';
import { AuditType } from '@iot/contracts/audits';
import {
  type AssigneeKind,
  type ChecklistItem,
  chinaDay,
  DAY,
  dayStart,
  describeSchedule,
  FINAL_STATUSES,
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
  TaskStatus,
  TaskStatusNames,
} from '@iot/contracts/maintenance';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/access.service.js';
import type { Database } from '../../platform/db/schema.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { AuditsService } from '../audits/index.js';
import type { Notification } from '../messages/index.js';
import {
  type Occurrence,
  type PlanRow,
  type PlansRepository,
  RUN_HOURS_PREFIX,
  type RunNotice,
  type Target,
} from './plans.repository.js';

/** The plans' menu: every route checks its bits. */
export const PLAN_MENU = 'router-maintenancePlan';
/** At most this many occurrences of one plan per run (a long downtime catches up over a few runs). */
const CATCH_UP_LIMIT = 500;
const MAX_LEAD_MS = 720 * HOUR;
const NOTICE_BATCH = 200;
/** Occurrences written per transaction (several plans' worth). */
const FLUSH_ITEMS = 2_000;

/** Whoever is on duty in a project at a moment (排班管理, decision 0053: `onDutyUserIds`). */
export type OnDutyResolver = (projectId: number, at: number) => Promise<number[]>;
/** Without duty scheduling (tests of the plans alone): nobody, so 'onDuty' orders go to the pool. */
export const nobodyOnDuty: OnDutyResolver = async () => [];

const parse = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** China time, YYYY-MM-DD HH:mm (message and description text). */
const chinaTime = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 16).replace('T', ' ');
/** An occurrence due: its key (a time, or a run-hour plan's mark) and target. */
interface Due {
  at: number;
  target: Target | null;
}
const targetKey = (t: Target | null) => (t === null ? '' : `${t.type === 'group' ? 'g' : 'e'}${t.id}`);
/** A piece of equipment the ledger knows, for titles, messages and the order's site. */
export interface LedgerEntry {
  name: string;
  groupId: number | null;
}
/** The project's equipment of these ids (the ledger's, decision 0051); others are not in it. */
export type EquipmentLedger = (projectId: number, ids: number[]) => Promise<Map<number, LedgerEntry>>;
const noLedger: EquipmentLedger = async () => new Map();
/**
 * Run time (ms) of the project's equipment of these ids since the China day of `since` (the
 * ledger's run-hour accounting, decision 0051); a piece that has not run is absent.
 */
export type RunTimeSince = (projectId: number, ids: number[], since: number) => Promise<Map<number, number>>;
const noRunTime: RunTimeSince = async () => new Map();
/** Equipment gone from the ledger since: its number. */
const equipmentName = (ledger: Map<number, LedgerEntry>, id: number) => ledger.get(id)?.name ?? `设备#${id}`;

/**
 * 保养计划 (docs/decisions/0052-maintenance-plans.md): plans, and the job that turns their
 * occurrences into work orders exactly once and tells people of due and completed maintenance.
 */
export class PlansService {
  constructor(
    private readonly repository: PlansRepository,
    private readonly audits: AuditsService | null,
    private readonly notify: ((n: Notification) => Promise<void>) | null,
    private readonly onDuty: OnDutyResolver = nobodyOnDuty,
    private readonly ledger: EquipmentLedger = noLedger,
    private readonly runTime: RunTimeSince = noRunTime,
  ) {}

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
    const [members, roles, groups] = await Promise.all([
      this.repository.members(projectId),
      this.repository.roles(projectId),
      this.repository.groups(projectId),
    ]);
    return {
      users: members.map((m) => ({ id: m.id, realname: m.realname, username: m.username })),
      roles,
      groups: groups.map((g) => ({ id: g.id, name: g.name, groupType: g.group_type, parentId: g.parent_id })),
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

  /**
   * The generation job: for every enabled plan, the occurrences whose generation time (occurrence
   * minus lead time) has come since its cursor — everything missed while no server ran, too —
   * become work orders. Safe to run on several nodes at once: see `insertOccurrences`.
   */
  async generate(now = Date.now(), only?: { projectId: number; planId: number }): Promise<number> {
    const plans = await this.repository.duePlans(now, MAX_LEAD_MS, only);
    const targets = await this.repository.targets(plans.map((p) => p.id));
    const groupNames = await this.repository.groupNames([
      ...new Set(
        [...targets.values()]
          .flat()
          .filter((t) => t.type === 'group')
          .map((t) => t.id),
      ),
    ]);
    const members = new Map<number, Awaited<ReturnType<PlansRepository['members']>>>();
    const byId = new Map(plans.map((p) => [p.id, p]));
    let created = 0;
    let items: Occurrence[] = [];
    let cursors: { planId: number; cursor: number }[] = [];
    const flush = async () => {
      if (cursors.length > 0) created += await this.repository.insertOccurrences(items, cursors, now, audit);
      items = [];
      cursors = [];
    };
    // A plan that needs audit: each order waits in 我的审批 like a manual one (decision 0050).
    const audit = async (trx: Kysely<Database>, orderId: number, item: Occurrence) => {
      const plan = byId.get(item.planId)!;
      if (plan.needs_audit !== 1 || !this.audits || plan.created_by === null) return;
      await this.audits.submit(trx, {
        auditType: AuditType.WORK_ORDER,
        relationId: orderId,
        projectId: plan.project_id,
        content: `工单「${item.order.title}」：保养计划「${plan.name}」生成`,
        submittedBy: plan.created_by,
        submittedAt: now,
      });
    };
    for (const plan of plans) {
      if (!members.has(plan.project_id))
        members.set(plan.project_id, await this.repository.members(plan.project_id));
      const due = await this.planItems(
        plan,
        targets.get(plan.id) ?? [],
        groupNames,
        members.get(plan.project_id)!,
        now,
      );
      if (!due) continue;
      items.push(...due.items);
      cursors.push({ planId: plan.id, cursor: due.cursor });
      // Several plans a transaction: a month for a thousand plans is a few dozen commits.
      if (items.length >= FLUSH_ITEMS) await flush();
    }
    await flush();
    return created;
  }

  /** A plan's occurrences due now (with its new cursor), or null when there is nothing to write. */
  private async planItems(
    plan: PlanRow,
    targets: Target[],
    groupNames: Map<number, string>,
    members: { id: number; role_id: number }[],
    now: number,
  ): Promise<{ items: Occurrence[]; cursor: number } | null> {
    const rule = parse<ScheduleRule | null>(plan.schedule, null);
    if (!rule) return null;
    const span = { startAt: Number(plan.start_at), endAt: plan.end_at === null ? null : Number(plan.end_at) };
    const lead = plan.lead_hours * HOUR;
    const horizon = now + lead;
    const cursorWas = Number(plan.generated_until);
    const ledger = await this.ledger(
      plan.project_id,
      targets.filter((t) => t.type === 'equipment').map((t) => t.id),
    );
    // Targets whose group or equipment has gone are skipped; no targets: one order for the project.
    const live: (Target | null)[] = targets.filter((t) =>
      t.type === 'equipment' ? ledger.has(t.id) : groupNames.has(t.id),
    );
    if (targets.length === 0) live.push(null);
    if (rule.unit === 'runHours')
      return this.runHourItems(plan, rule, span, live, groupNames, ledger, members, now);
    const due: Due[] = [];
    let cursor = horizon;
    if (rule.basis === 'schedule') {
      const times = occurrences(rule, span, cursorWas, horizon, CATCH_UP_LIMIT);
      if (times.length === CATCH_UP_LIMIT) cursor = times.at(-1)! + 1;
      for (const at of times) for (const target of live) due.push({ at, target });
    } else {
      const last = new Map((await this.repository.lastRuns(plan.id)).map((r) => [r.target, r]));
      for (const target of live) {
        const run = last.get(targetKey(target));
        // One open order at a time per target: the next is counted from its completion.
        if (run && run.status !== null && !FINAL_STATUSES.includes(run.status as TaskStatus)) continue;
        const completedAt = run ? (run.closedAt ?? run.updatedAt ?? run.occursAt) : null;
        let at = nextAfterCompletion(rule, span, completedAt, cursorWas);
        if (run && at !== null && at <= run.occursAt)
          at = nextAfterCompletion(rule, span, run.occursAt, cursorWas);
        if (at !== null && at <= horizon) due.push({ at, target });
      }
    }
    // Nothing due and the cursor recent: leave the row alone (no write per plan per minute).
    if (due.length === 0 && cursor - cursorWas < DAY) return null;
    due.sort((a, b) => a.at - b.at || targetKey(a.target).localeCompare(targetKey(b.target)));
    return { items: await this.occurrenceItems(plan, due, groupNames, ledger, members, now), cursor };
  }

  /**
   * Run-hour plans: a piece's run time is counted from the plan's start day (the ledger's day
   * rows). Each time it passes the next multiple of `every` hours, one order: its key is the mark
   * it passed (run time in ms, in the `occurs_at` of the unique row), so it is made once on any
   * number of nodes. Several multiples passed since the last order (a server down, a long gap in
   * the signal, a new plan whose start lies back): one order, for the highest. Due = generation
   * time + time allowed; lead time does not apply.
   */
  private async runHourItems(
    plan: PlanRow,
    rule: ScheduleRule,
    span: { startAt: number; endAt: number | null },
    live: (Target | null)[],
    groupNames: Map<number, string>,
    ledger: Map<number, LedgerEntry>,
    members: { id: number; role_id: number }[],
    now: number,
  ): Promise<{ items: Occurrence[]; cursor: number } | null> {
    // The series runs on whole China days: from the start day to the end day, inclusive.
    if (now < dayStart(chinaDay(span.startAt))) return null;
    if (span.endAt !== null && now >= dayStart(chinaDay(span.endAt) + 1)) return null;
    const equipment = live.flatMap((t) => (t?.type === 'equipment' ? [t] : []));
    if (equipment.length === 0) return null;
    const ran = await this.runTime(
      plan.project_id,
      equipment.map((t) => t.id),
      span.startAt,
    );
    const step = rule.every * HOUR;
    // Their rows' targets carry a prefix: marks never meet the times of the plan's days (an edit
    // from days to run hours or back), and a row tells which it holds.
    const last = new Map((await this.repository.lastRuns(plan.id)).map((r) => [r.target, r.occursAt]));
    const due: Due[] = [];
    for (const target of equipment) {
      const mark = Math.floor((ran.get(target.id) ?? 0) / step) * step;
      if (mark > 0 && mark > (last.get(RUN_HOURS_PREFIX + targetKey(target)) ?? 0))
        due.push({ at: mark, target });
    }
    if (due.length === 0) return null;
    due.sort((a, b) => targetKey(a.target).localeCompare(targetKey(b.target)));
    return {
      items: await this.occurrenceItems(plan, due, groupNames, ledger, members, now, true),
      cursor: now,
    };
  }

  /** What each order inherits: type, priority, checklist, dosing, assignees, audit and due time. */
  private async occurrenceItems(
    plan: PlanRow,
    due: Due[],
    groupNames: Map<number, string>,
    ledger: Map<number, LedgerEntry>,
    members: { id: number; role_id: number }[],
    now: number,
    /** `at` is a run-hour mark (run time in ms since the start day), not a time. */
    runHours = false,
  ): Promise<Occurrence[]> {
    const kind = plan.assignee_kind as AssigneeKind;
    const memberIds = new Set(members.map((m) => m.id));
    const fixed =
      kind === 'users'
        ? parse<number[]>(plan.assignee_user_ids, []).filter((id) => memberIds.has(id))
        : kind === 'role'
          ? members.filter((m) => m.role_id === plan.assignee_role_id).map((m) => m.id)
          : [];
    const dosing = parse<PlannedDosing[]>(plan.dosing, []);
    const dosingText = dosing.map((d) => `${d.medicine} ${d.quantity}${d.unit}`).join('，');
    const items: Occurrence[] = [];
    for (const { at, target } of due) {
      const assigneeIds = kind === 'onDuty' ? await this.onDuty(plan.project_id, runHours ? now : at) : fixed;
      const status =
        plan.needs_audit === 1
          ? TaskStatus.NEEDS_AUDIT
          : assigneeIds.length > 0
            ? TaskStatus.TO_BE_IMPLEMENTED
            : kind === 'pool' || kind === 'onDuty'
              ? TaskStatus.UNCLAIMED
              : TaskStatus.TO_BE_ALLOCATED;
      const where =
        target === null
          ? ''
          : target.type === 'group'
            ? (groupNames.get(target.id) ?? '')
            : equipmentName(ledger, target.id);
      const lines = [
        runHours
          ? `保养计划「${plan.name}」，自 ${chinaTime(Number(plan.start_at)).slice(0, 10)} 起累计运行满 ${at / HOUR} 小时`
          : `保养计划「${plan.name}」，计划时间 ${chinaTime(at)}`,
      ];
      if (dosingText) lines.push(`加药：${dosingText}`);
      if (plan.description) lines.push(plan.description);
      items.push({
        planId: plan.id,
        occursAt: at,
        target: (runHours ? RUN_HOURS_PREFIX : '') + targetKey(target),
        order: {
          project_id: plan.project_id,
          title: (where ? `${plan.name}（${where}）` : plan.name).slice(0, 64),
          type: plan.types,
          priority: plan.priority,
          status,
          // An equipment's order is about the place it stands, as the ledger says.
          group_id:
            target?.type === 'group' ? target.id : target ? (ledger.get(target.id)?.groupId ?? null) : null,
          equipment_id: target?.type === 'equipment' ? target.id : null,
          description: lines.join('\n'),
          due_at: (runHours ? now : at) + plan.allowed_hours * HOUR,
          checklist: plan.checklist,
          planned_dosing: plan.dosing,
          created_by: plan.created_by,
        },
        assigneeIds,
      });
    }
    return items;
  }

  /**
   * 设备保养提醒 for each generated order, 设备保养提醒解除 once it is closed: each occurrence row
   * is claimed by a conditional UPDATE, so one node sends each message once.
   */
  async sendNotices(now = Date.now()): Promise<{ reminded: number; released: number }> {
    if (!this.notify) return { reminded: 0, released: 0 };
    let reminded = 0;
    let released = 0;
    for (;;) {
      const batch = await this.repository.claimReminders(now, NOTICE_BATCH);
      await this.tell(batch, 'maintenance');
      reminded += batch.length;
      if (batch.length < NOTICE_BATCH) break;
    }
    for (;;) {
      const batch = await this.repository.claimReleases(now, NOTICE_BATCH);
      await this.tell(batch, 'maintenanceRelease');
      released += batch.length;
      if (batch.length < NOTICE_BATCH) break;
    }
    return { reminded, released };
  }

  private async tell(notices: RunNotice[], type: 'maintenance' | 'maintenanceRelease') {
    if (notices.length === 0) return;
    const assignees = await this.repository.orderAssignees(notices.map((n) => n.orderId));
    const ledgers = new Map<number, Map<number, LedgerEntry>>();
    for (const projectId of new Set(notices.map((n) => n.projectId))) {
      const ids = notices.flatMap((n) =>
        n.projectId === projectId && n.equipmentId !== null ? [n.equipmentId] : [],
      );
      ledgers.set(projectId, await this.ledger(projectId, ids));
    }
    for (const n of notices) {
      const userIds = assignees.get(n.orderId) ?? [];
      const what =
        n.groupName ??
        (n.equipmentId !== null ? equipmentName(ledgers.get(n.projectId)!, n.equipmentId) : n.planName);
      await this.notify!({
        projectId: n.projectId,
        type,
        level: null,
        relationId: n.orderId,
        // The assignees alone; an order in the pool goes to the project's maintenance recipients.
        ...(userIds.length > 0 ? { userIds } : {}),
        variables: {
          equipmentName: what,
          time: chinaTime(
            type === 'maintenance'
              ? n.runHours === null
                ? n.occursAt
                : n.createdAt
              : (n.closedAt ?? Date.now()),
          ),
          detail: `${n.planName}${n.runHours === null ? '' : `（累计运行满${n.runHours}小时）`}，工单${n.code}${n.dueAt === null ? '' : `，请于 ${chinaTime(n.dueAt)} 前完成`}`,
        },
      });
    }
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
      const schedule = parse<ScheduleRule>(r.schedule, {
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
      const userIds = parse<number[]>(r.assignee_user_ids, []);
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
        checklist: parse<ChecklistItem[]>(r.checklist, []),
        dosing: parse<PlannedDosing[]>(r.dosing, []),
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
