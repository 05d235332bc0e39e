/**
 * Work-order statuses and the one table of moves between them (docs/decisions/0050-work-order-transitions.md).
 * The spec fixes the 13 codes (core §3) but not the moves; everything that changes a work order's
 * status on the server reads this table, and the screens read it to offer only the allowed buttons.
 */

/** Task status codes exactly as the spec numbers them (core §3). */
export const TaskStatus = {
  NEEDS_AUDIT: 1,
  TO_BE_ALLOCATED: 2,
  TO_BE_REASSIGNED: 3,
  UNCLAIMED: 4,
  UNCLAIMED_CANCELLED: 5,
  TO_BE_IMPLEMENTED: 6,
  TO_BE_IMPLEMENTED_CANCELLED: 7,
  UNPASSED: 8,
  REJECTED: 9,
  EXECUTING: 10,
  CLOSED: 11,
  PROCESSED_NOT_RESOLVED: 12,
  OVERDUE: 13,
} as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];
export const TASK_STATUSES = Object.values(TaskStatus) as TaskStatus[];

export const TaskStatusNames: Record<TaskStatus, string> = {
  1: '待审核',
  2: '待分配',
  3: '待改派',
  4: '待领取',
  5: '待领取已取消',
  6: '待执行',
  7: '待执行已取消',
  8: '未通过',
  9: '已驳回',
  10: '执行中',
  11: '已关闭',
  12: '已处理未解决',
  13: '已逾期',
};

/** Maintenance task types, a bitmask (core §3). */
export const TaskType = { INSPECTION: 1, REPAIR: 2, DOSING: 4, UPKEEP: 8 } as const;
export type TaskType = (typeof TaskType)[keyof typeof TaskType];
export const TASK_TYPE_MASK = 15;
export const TaskTypeNames: Record<TaskType, string> = { 1: '巡检', 2: '维修', 4: '加药', 8: '保养' };

/** The actions a person (or the overdue job) takes on a work order; each is one route. */
export const TASK_ACTIONS = [
  'auditPass',
  'auditReject',
  'allocate',
  'publish',
  'claim',
  'askReassign',
  'reassign',
  'start',
  'submitResolved',
  'submitUnresolved',
  'acceptPass',
  'acceptFail',
  'close',
  'cancel',
  'overdue',
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

export const TaskActionNames: Record<TaskAction, string> = {
  auditPass: '审核通过',
  auditReject: '审核驳回',
  allocate: '分配',
  publish: '发布到待领取',
  claim: '领取',
  askReassign: '申请改派',
  reassign: '改派',
  start: '开始执行',
  submitResolved: '提交结果（已解决）',
  submitUnresolved: '提交结果（已处理未解决）',
  acceptPass: '验收通过',
  acceptFail: '验收不通过',
  close: '关闭',
  cancel: '取消',
  overdue: '逾期',
};

/**
 * Who may take a step. `bit`: that permission bit on router-maintenanceTaskList in the project;
 * `assignee`: one of the order's assignees; `creator`: whoever created it; `member`: anyone who
 * can see work orders (claiming from the pool); `system`: only the overdue job, never a request.
 * A row lists several: any one of them is enough.
 */
export type Actor =
  | { kind: 'bit'; bit: number }
  | { kind: 'assignee' }
  | { kind: 'creator' }
  | { kind: 'member' }
  | { kind: 'system' };

/**
 * The state a move starts from. Resolved work waiting for the acceptance check has no code of its
 * own among the 13: it is 执行中 (10) with a result submitted, written `submitted: true`.
 */
export interface TransitionRow {
  action: TaskAction;
  from: TaskStatus;
  /** Only when the order is executing with a result already submitted (awaiting acceptance). */
  submitted?: boolean;
  to: TaskStatus;
  who: readonly Actor[];
  /** The order's own assignees may not take it, whatever else they hold: nobody checks their own work. */
  notByAssignee?: true;
}

const UPDATE = 2;
/** 审批 is the delete bit, as for data repairs (docs/decisions/0019-data-repair-and-audits.md). */
const AUDIT = 4;
const manager: Actor = { kind: 'bit', bit: UPDATE };
const auditor: Actor = { kind: 'bit', bit: AUDIT };
const assignee: Actor = { kind: 'assignee' };
const creator: Actor = { kind: 'creator' };
const system: Actor = { kind: 'system' };
/** The acceptance check: the creator or a manager, never the one who did the work. */
const checker = [creator, manager];
const notByAssignee = true;
const S = TaskStatus;

/** Every allowed move; anything not here is refused (任务状态为「…」，不能…). */
export const TRANSITIONS: readonly TransitionRow[] = [
  { action: 'auditPass', from: S.NEEDS_AUDIT, to: S.TO_BE_ALLOCATED, who: [auditor] },
  { action: 'auditReject', from: S.NEEDS_AUDIT, to: S.UNPASSED, who: [auditor] },
  { action: 'allocate', from: S.TO_BE_ALLOCATED, to: S.TO_BE_IMPLEMENTED, who: [manager] },
  { action: 'allocate', from: S.UNCLAIMED, to: S.TO_BE_IMPLEMENTED, who: [manager] },
  // A late order, in the pool or given to someone, may be given to another (decision 0059).
  { action: 'allocate', from: S.OVERDUE, to: S.TO_BE_IMPLEMENTED, who: [manager] },
  { action: 'publish', from: S.TO_BE_ALLOCATED, to: S.UNCLAIMED, who: [manager] },
  { action: 'claim', from: S.UNCLAIMED, to: S.TO_BE_IMPLEMENTED, who: [{ kind: 'member' }] },
  { action: 'askReassign', from: S.TO_BE_IMPLEMENTED, to: S.TO_BE_REASSIGNED, who: [assignee] },
  { action: 'askReassign', from: S.OVERDUE, to: S.TO_BE_REASSIGNED, who: [assignee] },
  { action: 'reassign', from: S.TO_BE_REASSIGNED, to: S.TO_BE_IMPLEMENTED, who: [manager] },
  { action: 'start', from: S.TO_BE_IMPLEMENTED, to: S.EXECUTING, who: [assignee] },
  { action: 'start', from: S.OVERDUE, to: S.EXECUTING, who: [assignee] },
  { action: 'start', from: S.REJECTED, to: S.EXECUTING, who: [assignee] },
  { action: 'submitResolved', from: S.EXECUTING, submitted: false, to: S.EXECUTING, who: [assignee] },
  {
    action: 'submitUnresolved',
    from: S.EXECUTING,
    submitted: false,
    to: S.PROCESSED_NOT_RESOLVED,
    who: [assignee],
  },
  { action: 'submitResolved', from: S.OVERDUE, to: S.EXECUTING, who: [assignee] },
  { action: 'submitUnresolved', from: S.OVERDUE, to: S.PROCESSED_NOT_RESOLVED, who: [assignee] },
  { action: 'acceptPass', from: S.EXECUTING, submitted: true, to: S.CLOSED, who: checker, notByAssignee },
  { action: 'acceptFail', from: S.EXECUTING, submitted: true, to: S.REJECTED, who: checker, notByAssignee },
  { action: 'acceptFail', from: S.PROCESSED_NOT_RESOLVED, to: S.REJECTED, who: checker, notByAssignee },
  { action: 'close', from: S.PROCESSED_NOT_RESOLVED, to: S.CLOSED, who: checker, notByAssignee },
  { action: 'cancel', from: S.UNCLAIMED, to: S.UNCLAIMED_CANCELLED, who: [creator, manager] },
  { action: 'cancel', from: S.TO_BE_IMPLEMENTED, to: S.TO_BE_IMPLEMENTED_CANCELLED, who: [creator, manager] },
  // Pool orders go overdue too; with nobody assigned, their creator is told (decision 0059).
  { action: 'overdue', from: S.TO_BE_ALLOCATED, to: S.OVERDUE, who: [system] },
  { action: 'overdue', from: S.UNCLAIMED, to: S.OVERDUE, who: [system] },
  { action: 'overdue', from: S.TO_BE_IMPLEMENTED, to: S.OVERDUE, who: [system] },
  { action: 'overdue', from: S.EXECUTING, submitted: false, to: S.OVERDUE, who: [system] },
];

/** The row for an action from a state, if the move is allowed. */
export function transitionFor(
  action: TaskAction,
  status: TaskStatus,
  submitted: boolean,
): TransitionRow | undefined {
  return TRANSITIONS.find(
    (row) =>
      row.action === action &&
      row.from === status &&
      (row.submitted === undefined || row.submitted === submitted),
  );
}

/** Statuses the overdue job moves (those with an `overdue` row), for its conditional UPDATE. */
export const OVERDUE_FROM = TRANSITIONS.filter((r) => r.action === 'overdue').map((r) => r.from);

/** Statuses nobody moves out of again. */
export const FINAL_STATUSES: readonly TaskStatus[] = [
  S.UNCLAIMED_CANCELLED,
  S.TO_BE_IMPLEMENTED_CANCELLED,
  S.UNPASSED,
  S.CLOSED,
];
