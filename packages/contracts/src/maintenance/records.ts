import { z } from 'zod';
import { pageQuery } from '../common/envelope.js';
import { TASK_TYPE_MASK, TaskStatus } from './transitions.js';

/*
 * 维保记录 and 维保统计 (docs/decisions/0055-maintenance-records-and-statistics.md): finished work per
 * equipment and site, and the figures of a time range. Each figure is defined in the decision file.
 */

/** Finished work: closed (11) and processed but not resolved (12). */
export const FINISHED_STATUSES = [TaskStatus.CLOSED, TaskStatus.PROCESSED_NOT_RESOLVED] as const;

export const RecordMessages = {
  RANGE_ORDER: '结束时间必须晚于开始时间',
  RANGE_TOO_LONG: '时间范围不能超过24个月',
  NOT_FOUND: '维保记录不存在',
} as const;

/** The longest range the statistics take (their months are one CASE branch each). */
export const STATISTICS_MAX_MONTHS = 24;

const time = z.coerce.number().int().nonnegative();
const person = z.object({ id: z.number().int(), realname: z.string() });

export const recordListQuery = pageQuery
  .extend({
    /** An area or site: records there or below. */
    siteId: z.coerce.number().int().positive().optional(),
    equipmentId: z.coerce.number().int().positive().optional(),
    /** Records whose type mask shares a bit with this one. */
    type: z.coerce.number().int().min(1).max(TASK_TYPE_MASK).optional(),
    assigneeId: z.coerce.number().int().positive().optional(),
    /** 11 or 12; both when absent. */
    status: z.coerce
      .number()
      .int()
      .refine((s) => (FINISHED_STATUSES as readonly number[]).includes(s), '状态只能是已关闭或已处理未解决')
      .optional(),
    /** Part of the title or code. */
    keyword: z.string().trim().max(64).optional(),
    /** Finish time range [startTime, stopTime). */
    startTime: time.optional(),
    stopTime: time.optional(),
  })
  .refine((q) => q.startTime === undefined || q.stopTime === undefined || q.stopTime > q.startTime, {
    message: RecordMessages.RANGE_ORDER,
    path: ['stopTime'],
  });
export type RecordListQuery = z.infer<typeof recordListQuery>;

export const maintenanceRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  type: z.number().int(),
  priority: z.number().int(),
  /** 11 or 12. */
  status: z.number().int(),
  statusName: z.string(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  equipmentId: z.number().int().nullable(),
  /** The ledger's name of it; null without equipment or once it is deleted. */
  equipmentName: z.string().nullable(),
  assignees: z.array(person),
  createdAt: z.number().int(),
  dueAt: z.number().int().nullable(),
  /** closed_at for 11; for 12 the time the result was submitted (its last move). */
  finishedAt: z.number().int(),
  /** finishedAt − createdAt. */
  durationMs: z.number().int(),
  /** finishedAt ≤ dueAt; null without a due time. */
  onTime: z.boolean().nullable(),
  /** The submitted result's text ('' when the order was closed without one). */
  result: z.string(),
});
export type MaintenanceRecord = z.infer<typeof maintenanceRecord>;

const executionSummary = z.object({
  checklist: z.array(z.object({ item: z.string(), ok: z.boolean(), value: z.string() })),
  measurements: z.array(z.object({ name: z.string(), value: z.number(), unit: z.string() })),
  dosing: z.array(z.object({ medicine: z.string(), quantity: z.number(), unit: z.string() })),
  result: z.string(),
  submittedAt: z.number().int(),
  submittedBy: person.nullable(),
});

export const recordDetail = maintenanceRecord.extend({
  description: z.string(),
  execution: executionSummary.nullable(),
  timeline: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      actionName: z.string(),
      fromStatus: z.number().int().nullable(),
      toStatus: z.number().int(),
      user: person.nullable(),
      note: z.string(),
      attachments: z.array(z.string()),
      createdAt: z.number().int(),
    }),
  ),
});
export type RecordDetail = z.infer<typeof recordDetail>;

/** What the records' and statistics' filters offer: the project's areas and sites, and who has had work. */
export const recordOptions = z.object({
  sites: z.array(
    z.object({
      id: z.number().int(),
      parentId: z.number().int().nullable(),
      name: z.string(),
      groupType: z.string(),
    }),
  ),
  /** Everyone assigned to one of the project's orders, by name. */
  assignees: z.array(person),
});
export type RecordOptions = z.infer<typeof recordOptions>;

/** China-time months between two instants, the last one cut at `stop`: [month, from, to). */
export function chinaMonths(start: number, stop: number): { month: string; from: number; to: number }[] {
  const OFFSET = 8 * 3_600_000;
  const months: { month: string; from: number; to: number }[] = [];
  const first = new Date(start + OFFSET);
  let year = first.getUTCFullYear();
  let month = first.getUTCMonth();
  let from = start;
  while (from < stop) {
    const next = Date.UTC(year, month + 1, 1) - OFFSET;
    const to = Math.min(next, stop);
    months.push({ month: `${year}-${String(month + 1).padStart(2, '0')}`, from, to });
    from = to;
    month += 1;
    if (month === 12) {
      month = 0;
      year += 1;
    }
  }
  return months;
}

export const statisticsQuery = z
  .object({
    startTime: time,
    stopTime: time,
    /** An area or site: orders there or below. */
    siteId: z.coerce.number().int().positive().optional(),
  })
  .refine((q) => q.stopTime > q.startTime, { message: RecordMessages.RANGE_ORDER, path: ['stopTime'] })
  .refine((q) => chinaMonths(q.startTime, q.stopTime).length <= STATISTICS_MAX_MONTHS, {
    message: RecordMessages.RANGE_TOO_LONG,
    path: ['startTime'],
  });
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

/** The rates and means of a set of orders (the whole range, a month, a person). */
const figures = {
  /** Orders created in the range (the population of every figure). */
  created: z.number().int(),
  /** created less the orders that never became work: cancelled (5, 7) and audit not passed (8). */
  effective: z.number().int(),
  /** Now 已关闭 (11). */
  closed: z.number().int(),
  /** closed ÷ effective; null when effective is 0. */
  completionRate: z.number().nullable(),
  /** Closed orders that had a due time. */
  closedWithDue: z.number().int(),
  /** Of those, closed at or before the due time. */
  onTime: z.number().int(),
  /** onTime ÷ closedWithDue; null when closedWithDue is 0. */
  onTimeRate: z.number().nullable(),
  /** Orders started at least once. */
  responded: z.number().int(),
  /** Mean of (first 开始执行 − creation) over the responded orders, ms; null if none. */
  meanRespondMs: z.number().nullable(),
  /** Mean of (closing − creation) over the closed orders, ms; null if none. */
  meanCompleteMs: z.number().nullable(),
};

export const maintenanceStatistics = z.object({
  ...figures,
  /** Now 已处理未解决 (12). */
  unresolved: z.number().int(),
  /** Every one of the 13 statuses, in code order, zeros included. */
  byStatus: z.array(z.object({ status: z.number().int(), count: z.number().int() })),
  /** Per type bit (1, 2, 4, 8): orders whose mask has it (an order of two types counts twice). */
  byType: z.array(z.object({ type: z.number().int(), count: z.number().int() })),
  /** Per site (the order's group; null: the project as a whole), most orders first. */
  bySite: z.array(
    z.object({
      groupId: z.number().int().nullable(),
      groupName: z.string().nullable(),
      count: z.number().int(),
      closed: z.number().int(),
    }),
  ),
  /** Per assignee (an order with two assignees counts for each), most orders first. */
  byPerson: z.array(
    z.object({
      userId: z.number().int(),
      realname: z.string(),
      count: z.number().int(),
      closed: z.number().int(),
      closedWithDue: z.number().int(),
      onTime: z.number().int(),
    }),
  ),
  /** Per China-time month of creation, every month of the range (zeros included). */
  byMonth: z.array(z.object({ month: z.string(), ...figures })),
});
export type MaintenanceStatistics = z.infer<typeof maintenanceStatistics>;
