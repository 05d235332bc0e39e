import { AuditType } from '@iot/contracts/audits';
import {
  type AssigneeKind,
  chinaDay,
  DAY,
  dayStart,
  FINAL_STATUSES,
  HOUR,
  nextAfterCompletion,
  occurrences,
  type PlannedDosing,
  type ScheduleRule,
  TaskStatus,
} from '@iot/contracts/maintenance';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
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

/** China time, YYYY-MM-DD HH:mm (message and description text). */
/** A stored JSON column, or the fallback when it is empty or unreadable. */
export const parseJson = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export const chinaTime = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 16).replace('T', ' ');
/** An occurrence due: its key (a time, or a run-hour plan's mark) and target. */
interface Due {
  at: number;
  target: Target | null;
}
export const targetKey = (t: Target | null) => (t === null ? '' : `${t.type === 'group' ? 'g' : 'e'}${t.id}`);
/** A piece of equipment the ledger knows, for titles, messages and the order's site. */
export interface LedgerEntry {
  name: string;
  groupId: number | null;
}
/** The project's equipment of these ids (the ledger's, decision 0051); others are not in it. */
export type EquipmentLedger = (projectId: number, ids: number[]) => Promise<Map<number, LedgerEntry>>;
export const noLedger: EquipmentLedger = async () => new Map();
/**
 * Run time (ms) of the project's equipment of these ids since the China day of `since` (the
 * ledger's run-hour accounting, decision 0051); a piece that has not run is absent.
 */
export type RunTimeSince = (projectId: number, ids: number[], since: number) => Promise<Map<number, number>>;
export const noRunTime: RunTimeSince = async () => new Map();
/** Equipment gone from the ledger since: its number. */
export const equipmentName = (ledger: Map<number, LedgerEntry>, id: number) =>
  ledger.get(id)?.name ?? `设备#${id}`;

/**
 * The plans' job (decision 0052): turns occurrences into work orders exactly once, also on several
 * nodes, and tells people of due and completed maintenance.
 */
export class PlanGenerator {
  constructor(
    private readonly repository: PlansRepository,
    private readonly audits: AuditsService | null,
    private readonly notify: ((n: Notification) => Promise<void>) | null,
    private readonly onDuty: OnDutyResolver,
    private readonly ledger: EquipmentLedger,
    private readonly runTime: RunTimeSince,
  ) {}

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
    const rule = parseJson<ScheduleRule | null>(plan.schedule, null);
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
        ? parseJson<number[]>(plan.assignee_user_ids, []).filter((id) => memberIds.has(id))
        : kind === 'role'
          ? members.filter((m) => m.role_id === plan.assignee_role_id).map((m) => m.id)
          : [];
    const dosing = parseJson<PlannedDosing[]>(plan.dosing, []);
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
}
