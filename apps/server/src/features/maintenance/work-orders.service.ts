import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Page } from '@iot/contracts';
import { AuditType } from '@iot/contracts/audits';
import {
  type Actor,
  type AssigneeOption,
  type ExecutionBody,
  type FromWarningBody,
  MaintenanceMessages,
  OVERDUE_FROM,
  type SiteOption,
  TASK_ACTIONS,
  type TaskAction,
  TaskActionNames,
  TaskStatus,
  TaskStatusNames,
  type TimelineEntry,
  TRANSITIONS,
  type TransitionRow,
  transitionFor,
  type WarningOrder,
  type WorkOrder,
  type WorkOrderBody,
  type WorkOrderDetail,
  type WorkOrderEquipmentOption,
  type WorkOrderListQuery,
} from '@iot/contracts/maintenance';
import type { Kysely } from 'kysely';
import type { AccessService, AuthContext } from '../../platform/auth/access.service.js';
import type { Database } from '../../platform/db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { AuditHandler, AuditRow, AuditsService } from '../audits/index.js';
import type { Move, WorkOrderRow, WorkOrdersRepository } from './work-orders.repository.js';

export const MENU = 'router-maintenanceTaskList';

/** What a move may carry besides the note: new assignees, or the execution report. */
export interface ActInput {
  note: string;
  attachments: string[];
  assigneeIds?: number[];
}

/** Someone the overdue job tells (the message plumbing, or a test's recorder). */
export type OverdueNotice = (order: {
  projectId: number;
  id: number;
  code: string;
  title: string;
  dueAt: number;
  /** The assignees; for a pool order (nobody assigned), its creator. */
  userIds: number[];
  /** Nobody was assigned: the message says the order is still waiting for someone. */
  pool: boolean;
}) => Promise<void>;

const parseJson = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** 工单管理: every status change goes through `act`, which reads the one transition table. */
export class WorkOrdersService {
  constructor(
    private readonly repository: WorkOrdersRepository,
    private readonly access: AccessService,
    private readonly notifyOverdue: OverdueNotice | null,
    private readonly audits: AuditsService | null = null,
  ) {}

  async list(auth: AuthContext, projectId: number, query: WorkOrderListQuery): Promise<Page<WorkOrder>> {
    const page = await this.repository.list(projectId, query, auth.userId);
    const assignees = await this.repository.assignees(page.list.map((r) => r.id));
    return { ...page, list: page.list.map((r) => this.present(r, assignees.get(r.id) ?? [])) };
  }

  /** The areas and sites an order may be about. */
  siteOptions(projectId: number): Promise<SiteOption[]> {
    return this.repository.sites(projectId);
  }

  /** The project's equipment an order may be about (the list's 设备 filter). */
  equipmentOptions(projectId: number): Promise<WorkOrderEquipmentOption[]> {
    return this.repository.equipment(projectId);
  }

  /** Whom orders of the project may be given to. */
  assigneeOptions(projectId: number): Promise<AssigneeOption[]> {
    return this.repository.members(projectId);
  }

  /** Which of these warnings already have an order. */
  async ofWarnings(projectId: number, warningIds: number[]): Promise<WarningOrder[]> {
    return (await this.repository.ofWarnings(projectId, warningIds)).map((r) => ({
      warningId: r.source_id!,
      id: r.id,
      code: r.code,
      status: r.status,
      statusName: TaskStatusNames[r.status as TaskStatus] ?? String(r.status),
    }));
  }

  /**
   * Whether the caller may attach files to an order: they may take one of its steps now (the same
   * `actions` the detail lists). Refused like a step they may not take.
   */
  async assertMayAttach(auth: AuthContext, projectId: number, id: number): Promise<void> {
    const { actions } = await this.detail(auth, projectId, id);
    if (actions.length === 0) throw forbidden(MaintenanceMessages.NOT_ALLOWED);
  }

  async create(auth: AuthContext, projectId: number, body: WorkOrderBody): Promise<WorkOrderDetail> {
    return this.insert(auth, projectId, body, { source: 'manual', sourceId: null });
  }

  /** One click from a warning: title, site and description come from the warning itself. */
  async fromWarning(
    auth: AuthContext,
    projectId: number,
    warningId: number,
    body: FromWarningBody,
  ): Promise<WorkOrderDetail> {
    const warning = await this.repository.warning(projectId, warningId);
    if (!warning) throw notFound(MaintenanceMessages.WARNING_NOT_FOUND);
    if (await this.repository.bySource('warning', warningId))
      throw conflict(MaintenanceMessages.WARNING_HAS_ORDER);
    const what = warning.indicatorName
      ? `${warning.gatewayAlias} ${warning.indicatorName}`
      : warning.gatewayAlias;
    const title = body.title || `${what} 预警处理`.slice(0, 64);
    const facts = `预警：${what}，数值 ${warning.value || '—'}，阈值 ${warning.threshold || '—'}`;
    return this.insert(
      auth,
      projectId,
      {
        ...body,
        title,
        groupId: body.groupId ?? warning.groupId,
        description: body.description ? `${body.description}\n${facts}` : facts,
      },
      { source: 'warning', sourceId: warningId },
    );
  }

  /**
   * 转工单 from a malfunction (decision 0056): the malfunction feature reads it and gives the title,
   * site, equipment and description; one order per malfunction.
   */
  async fromMalfunction(
    auth: AuthContext,
    projectId: number,
    malfunctionId: number,
    body: FromWarningBody & { title: string },
  ): Promise<WorkOrderDetail> {
    if (await this.repository.bySource('malfunction', malfunctionId))
      throw conflict(MaintenanceMessages.MALFUNCTION_HAS_ORDER);
    return this.insert(auth, projectId, body, { source: 'malfunction', sourceId: malfunctionId });
  }

  private async insert(
    auth: AuthContext,
    projectId: number,
    body: WorkOrderBody,
    origin: { source: string; sourceId: number | null },
  ): Promise<WorkOrderDetail> {
    const now = Date.now();
    if (body.groupId !== null && !(await this.repository.groupInProject(projectId, body.groupId)))
      throw badRequest(MaintenanceMessages.GROUP_NOT_IN_PROJECT);
    if (body.equipmentId !== null && !(await this.repository.equipmentInProject(projectId, body.equipmentId)))
      throw badRequest(MaintenanceMessages.EQUIPMENT_NOT_IN_PROJECT);
    if (body.dueAt !== null && body.dueAt <= now) throw badRequest(MaintenanceMessages.DUE_IN_PAST);
    const assigneeIds = await this.members(projectId, body.assigneeIds);
    const status = body.needsAudit
      ? TaskStatus.NEEDS_AUDIT
      : assigneeIds.length > 0
        ? TaskStatus.TO_BE_IMPLEMENTED
        : TaskStatus.TO_BE_ALLOCATED;
    let id: number;
    try {
      id = await this.repository.create(
        {
          project_id: projectId,
          title: body.title,
          type: body.type,
          priority: body.priority,
          status,
          submitted_at: null,
          group_id: body.groupId,
          equipment_id: body.equipmentId,
          source: origin.source,
          source_id: origin.sourceId,
          description: body.description,
          due_at: body.dueAt,
          execution: null,
          created_by: auth.userId,
          created_at: now,
          updated_at: now,
          overdue_at: null,
          closed_at: null,
        },
        assigneeIds,
        {
          action: 'create',
          to: status,
          userId: auth.userId,
          note: '',
          attachments: body.attachments,
          at: now,
        },
        // A 待审核 order waits in 我的审批 like any other audit (decision 0019's audit records).
        status === TaskStatus.NEEDS_AUDIT && this.audits
          ? async (trx, orderId) => {
              await this.audits!.submit(trx, {
                auditType: AuditType.WORK_ORDER,
                relationId: orderId,
                projectId,
                content: `工单「${body.title}」${body.description ? `：${body.description.slice(0, 200)}` : ''}`,
                submittedBy: auth.userId,
                submittedAt: now,
              });
            }
          : undefined,
      );
    } catch (error) {
      // Two clicks on the same warning at once: the unique (source, source_id) keeps one.
      if (origin.sourceId !== null && (await this.repository.bySource(origin.source, origin.sourceId)))
        throw conflict(
          origin.source === 'malfunction'
            ? MaintenanceMessages.MALFUNCTION_HAS_ORDER
            : MaintenanceMessages.WARNING_HAS_ORDER,
        );
      throw error;
    }
    return this.detail(auth, projectId, id);
  }

  async detail(auth: AuthContext, projectId: number, id: number): Promise<WorkOrderDetail> {
    const row = await this.get(projectId, id);
    const assignees = (await this.repository.assignees([id])).get(id) ?? [];
    const order = this.present(row, assignees);
    const warning =
      row.source === 'warning' && row.source_id !== null
        ? await this.repository.warning(projectId, row.source_id)
        : undefined;
    const execution = parseJson<(ExecutionBody & { submittedAt: number }) | null>(row.execution, null);
    const actions: string[] = [];
    for (const action of TASK_ACTIONS) {
      const transition = transitionFor(action, row.status as TaskStatus, row.submitted_at !== null);
      if (transition && (await this.mayAct(auth, projectId, transition, row, assignees)))
        actions.push(action);
    }
    const timeline: TimelineEntry[] = (await this.repository.events(id)).map((e) => ({
      id: e.id,
      action: e.action,
      actionName: e.action === 'create' ? '创建' : (TaskActionNames[e.action as TaskAction] ?? e.action),
      fromStatus: e.from_status,
      toStatus: e.to_status,
      user: e.user_id === null ? null : { id: e.user_id, realname: e.realname ?? '' },
      note: e.note,
      attachments: parseJson<string[]>(e.attachments, []),
      createdAt: e.created_at,
    }));
    const { groupId: _group, ...link } = warning ?? { groupId: null };
    // Who submitted: the last submit on the timeline (names stay current with the user record).
    const submit = timeline.findLast((e) => e.action.startsWith('submit'));
    return {
      ...order,
      warning: warning ? (link as WorkOrderDetail['warning']) : null,
      checklist: parseJson<WorkOrderDetail['checklist']>(row.checklist, []),
      plannedDosing: parseJson<WorkOrderDetail['plannedDosing']>(row.planned_dosing, []),
      execution: execution && { ...execution, submittedBy: submit?.user ?? null },
      timeline,
      actions,
    };
  }

  /**
   * One step of the table: refused with 40000 and 「工单状态为…，不能…」 when the table has no row
   * for the action from this status; 403 when the caller is not one who may take it.
   */
  async act(
    auth: AuthContext,
    projectId: number,
    id: number,
    action: Exclude<TaskAction, 'overdue'>,
    input: ActInput,
  ): Promise<WorkOrderDetail> {
    const row = await this.get(projectId, id);
    const transition = transitionFor(action, row.status as TaskStatus, row.submitted_at !== null);
    if (!transition) throw conflict(MaintenanceMessages.refused(row.status, action));
    const assignees = (await this.repository.assignees([id])).get(id) ?? [];
    if (transition.notByAssignee && assignees.some((a) => a.id === auth.userId))
      throw forbidden(MaintenanceMessages.OWN_WORK);
    if (!(await this.mayAct(auth, projectId, transition, row, assignees)))
      throw forbidden(
        transition.who.every((w) => w.kind === 'assignee')
          ? MaintenanceMessages.NOT_ASSIGNEE
          : MaintenanceMessages.NOT_ALLOWED,
      );
    // An order with an audit record is decided there, so 我的审批 and the order never disagree.
    if ((action === 'auditPass' || action === 'auditReject') && this.audits) {
      const record = await this.repository.pendingAudit(AuditType.WORK_ORDER, id);
      if (record !== undefined) {
        if (action === 'auditPass') await this.audits.approve(auth, record);
        else await this.audits.reject(auth, record, input.note || '审核驳回');
        return this.detail(auth, projectId, id);
      }
    }
    const now = Date.now();
    const move: Move = {
      action,
      from: row.status,
      to: transition.to,
      userId: auth.userId,
      note: input.note,
      attachments: input.attachments,
      at: now,
    };
    if (action === 'allocate' || action === 'reassign')
      move.assigneeIds = await this.members(projectId, input.assigneeIds ?? []);
    if (action === 'claim') move.assigneeIds = [auth.userId];
    if (action === 'submitResolved' || action === 'submitUnresolved') {
      const { note: _note, attachments: _files, ...report } = input as ExecutionBody;
      const execution = { ...report, submittedAt: now };
      move.set = {
        execution: JSON.stringify(execution),
        submitted_at: action === 'submitResolved' ? now : null,
      };
      move.note ||= report.result;
    }
    if (action === 'acceptFail') move.set = { submitted_at: null };
    if (transition.to === TaskStatus.CLOSED) move.set = { closed_at: now };
    if (!(await this.repository.move(id, row.version, move))) throw conflict(MaintenanceMessages.CHANGED);
    return this.detail(auth, projectId, id);
  }

  /** What approving or rejecting a work order's audit record does: the table's audit rows. */
  auditHandler(): AuditHandler {
    const decide =
      (action: 'auditPass' | 'auditReject') =>
      async (trx: Kysely<Database>, record: AuditRow, auditorId: number, note: string, now: number) => {
        const order = await this.repository.getIn(trx, record.project_id, record.relation_id);
        if (!order) throw notFound(MaintenanceMessages.NOT_FOUND);
        const transition = transitionFor(action, order.status as TaskStatus, order.submitted_at !== null);
        if (!transition) throw conflict(MaintenanceMessages.refused(order.status, action));
        const move: Move = {
          action,
          from: order.status,
          to: transition.to,
          userId: auditorId,
          note,
          attachments: [],
          at: now,
        };
        if (!(await this.repository.move(order.id, order.version, move, trx)))
          throw conflict(MaintenanceMessages.CHANGED);
      };
    return {
      menu: MENU,
      bit: TRANSITIONS.find((r) => r.action === 'auditPass')!.who.find((w) => w.kind === 'bit')!.bit,
      approve: (trx, record, auditorId, now) => decide('auditPass')(trx, record, auditorId, '', now),
      reject: (trx, record, auditorId, reason, now) =>
        decide('auditReject')(trx, record, auditorId, reason, now),
    };
  }

  /**
   * The overdue job: orders past due in a status with an `overdue` row move to 已逾期 (13) once —
   * the candidate query skips those already marked, and the move is a conditional UPDATE on the
   * version read, so a second node (or a second run) finds nothing left to move.
   */
  async markOverdue(now = Date.now()): Promise<number> {
    let moved = 0;
    for (;;) {
      const due = await this.repository.overdueCandidates(now, [...OVERDUE_FROM], 200);
      let movedHere = 0;
      for (const order of due) {
        const ok = await this.repository.move(order.id, order.version, {
          action: 'overdue',
          from: order.status,
          to: TaskStatus.OVERDUE,
          userId: null,
          note: '已超过截止时间',
          attachments: [],
          at: now,
          set: { overdue_at: now },
        });
        // A catch-up of a thousand orders (after downtime) took the event loop for a second on
        // SQLite, whose statements do not yield: devices and requests get a turn between orders.
        await yieldToLoop();
        if (!ok) continue;
        movedHere++;
        if (this.notifyOverdue) {
          const assignees = (await this.repository.assignees([order.id])).get(order.id) ?? [];
          await this.notifyOverdue({
            projectId: order.project_id,
            id: order.id,
            code: order.code,
            title: order.title,
            dueAt: Number(order.due_at),
            // A pool order (nobody assigned) tells its creator: the one accountable for it, who
            // allocates it from 已逾期 or asks a manager to (decision 0059).
            userIds:
              assignees.length > 0
                ? assignees.map((a) => a.id)
                : [order.created_by].filter((u) => u !== null),
            pool: assignees.length === 0,
          });
        }
      }
      moved += movedHere;
      // A full batch that another node mostly took: look again; otherwise done.
      if (due.length < 200 || movedHere === 0) return moved;
    }
  }

  private async mayAct(
    auth: AuthContext,
    projectId: number,
    transition: TransitionRow,
    row: WorkOrderRow,
    assignees: { id: number }[],
  ): Promise<boolean> {
    if (transition.notByAssignee && assignees.some((a) => a.id === auth.userId)) return false;
    for (const actor of transition.who)
      if (await this.is(auth, projectId, actor, row, assignees)) return true;
    return false;
  }

  private async is(
    auth: AuthContext,
    projectId: number,
    actor: Actor,
    row: WorkOrderRow,
    assignees: { id: number }[],
  ): Promise<boolean> {
    switch (actor.kind) {
      case 'assignee':
        return assignees.some((a) => a.id === auth.userId);
      case 'creator':
        return row.created_by === auth.userId;
      case 'member':
        // The route already asked for read on the work-order menu.
        return true;
      case 'system':
        return false;
      case 'bit':
        try {
          await this.access.authorize(auth, { menu: MENU, bit: actor.bit, scope: 'project' }, projectId);
          return true;
        } catch {
          return false;
        }
    }
  }

  private async members(projectId: number, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const found = await this.repository.projectMemberIds(projectId, unique);
    if (found.size !== unique.length) throw badRequest(MaintenanceMessages.ASSIGNEE_NOT_MEMBER);
    return unique;
  }

  private async get(projectId: number, id: number): Promise<WorkOrderRow> {
    const row = await this.repository.get(projectId, id);
    if (!row) throw notFound(MaintenanceMessages.NOT_FOUND);
    return row;
  }

  private present(r: WorkOrderRow, assignees: { id: number; realname: string }[]): WorkOrder {
    const num = (v: number | null) => (v === null ? null : Number(v));
    return {
      id: r.id,
      code: r.code,
      title: r.title,
      type: r.type,
      priority: r.priority,
      status: r.status,
      statusName: TaskStatusNames[r.status as TaskStatus] ?? String(r.status),
      submitted: r.submitted_at !== null,
      groupId: r.group_id,
      groupName: r.group_name,
      equipmentId: r.equipment_id,
      source: r.source as WorkOrder['source'],
      sourceId: r.source_id,
      description: r.description,
      dueAt: num(r.due_at),
      assignees,
      createdBy: r.created_by === null ? null : { id: r.created_by, realname: r.creator_name ?? '' },
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
      overdueAt: num(r.overdue_at),
      closedAt: num(r.closed_at),
    };
  }
}
