import {
  OPEN_STATUSES,
  TASK_STATUSES,
  TaskStatus,
  TaskStatusNames,
  type TaskType,
  TaskTypeNames,
} from '@iot/contracts/maintenance';
import { sql } from 'kysely';
import { containsText } from '../../../platform/db/search.js';
import type { AssistantTool, ToolContext } from '../provider.js';
import {
  type Args,
  asArgs,
  chinaTime,
  clampInt,
  periodSchema,
  rangeLabel,
  resolveRange,
  type ToolDeps,
  text,
} from './common.js';

const TYPES = [1, 2, 4, 8] as const;

const parameters = (withLimit: boolean) => ({
  type: 'object',
  properties: {
    status: {
      type: 'integer',
      enum: [...TASK_STATUSES],
      description: `工单状态码：${TASK_STATUSES.map((s) => `${s} ${TaskStatusNames[s]}`).join('、')}`,
    },
    open: { type: 'boolean', description: 'true：只看未完成的工单（不含已关闭、已取消、未通过等终态）' },
    overdue: { type: 'boolean', description: 'true：只看已逾期（超期）的工单' },
    type: { type: 'integer', enum: [...TYPES], description: '工单类型：1 巡检、2 维修、4 加药、8 保养' },
    assignee: { type: 'string', description: '处理人姓名或用户名关键字（可选）' },
    ...periodSchema,
    ...(withLimit
      ? { limit: { type: 'integer', minimum: 1, maximum: 50, description: '最多返回几条，默认 20' } }
      : {}),
  },
});

export function workOrderTools({ db }: ToolDeps): AssistantTool[] {
  /** The filtered work orders of the project (by creation time), and what the filter says. */
  function filtered(args: Args, { projectId, now }: ToolContext) {
    const status = TASK_STATUSES.includes(Number(args.status) as TaskStatus)
      ? (Number(args.status) as TaskStatus)
      : null;
    const overdue = args.overdue === true || args.overdue === 'true';
    const open = args.open === true || args.open === 'true';
    const type = TYPES.includes(Number(args.type) as TaskType) ? (Number(args.type) as TaskType) : null;
    const assignee = text(args.assignee);
    const range = resolveRange(args, now, null);
    let query = db.selectFrom('work_orders as o').where('o.project_id', '=', projectId);
    if (status !== null) query = query.where('o.status', '=', status);
    if (overdue) query = query.where('o.status', '=', TaskStatus.OVERDUE);
    if (open) query = query.where('o.status', 'in', OPEN_STATUSES);
    if (type !== null) query = query.where(sql<boolean>`(o.type & ${sql.lit(type)}) <> 0`);
    if (assignee)
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('work_order_assignees as a')
            .innerJoin('users as u', 'u.id', 'a.user_id')
            .select('a.user_id')
            .whereRef('a.work_order_id', '=', 'o.id')
            .where((inner) =>
              inner.or([containsText('u.realname', assignee), containsText('u.username', assignee)]),
            ),
        ),
      );
    if (range) query = query.where('o.created_at', '>=', range.start).where('o.created_at', '<', range.stop);
    const filter = [
      status !== null ? TaskStatusNames[status] : null,
      overdue ? '已逾期' : null,
      open ? '未完成' : null,
      type !== null ? TaskTypeNames[type] : null,
      assignee ? `处理人「${assignee}」` : null,
    ].filter(Boolean);
    return {
      query,
      filter: { status, overdue, open, type, assignee: assignee ?? null },
      range: rangeLabel(range, now),
      source: `工单列表（${filter.length ? filter.join('，') : '全部'}，按创建时间），${rangeLabel(range, now)}`,
    };
  }

  const countWorkOrders: AssistantTool = {
    category: 'workOrder',
    name: 'count_work_orders',
    description:
      '统计本项目的工单数量（按状态分别计数），可按状态、是否逾期、是否未完成、类型、处理人、创建时间筛选',
    parameters: parameters(false),
    async run(raw, context) {
      const f = filtered(asArgs(raw), context);
      const rows = await f.query
        .select(['o.status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('o.status')
        .execute();
      const byStatus = rows
        .map((r) => ({
          status: Number(r.status),
          label: TaskStatusNames[Number(r.status) as TaskStatus] ?? String(r.status),
          count: Number(r.n),
        }))
        .sort((a, b) => a.status - b.status);
      const data = {
        ...f.filter,
        range: f.range,
        total: byStatus.reduce((s, r) => s + r.count, 0),
        byStatus,
      };
      return { data, source: f.source };
    },
  };

  const listWorkOrders: AssistantTool = {
    category: 'workOrder',
    name: 'list_work_orders',
    description:
      '列出本项目的工单（编号、标题、类型、状态、处理人、截止时间、创建时间），新的在前，可按状态、是否逾期、是否未完成、类型、处理人、创建时间筛选，最多 50 条',
    parameters: parameters(true),
    async run(raw, context) {
      const args = asArgs(raw);
      const f = filtered(args, context);
      const limit = clampInt(args.limit, 1, 50, 20);
      const [rows, count] = await Promise.all([
        f.query
          .select(['o.id', 'o.code', 'o.title', 'o.type', 'o.status', 'o.due_at', 'o.created_at'])
          .orderBy('o.created_at', 'desc')
          .orderBy('o.id', 'desc')
          .limit(limit)
          .execute(),
        f.query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      const people = rows.length
        ? await db
            .selectFrom('work_order_assignees as a')
            .innerJoin('users as u', 'u.id', 'a.user_id')
            .select(['a.work_order_id', 'u.realname', 'u.username'])
            .where(
              'a.work_order_id',
              'in',
              rows.map((r) => r.id),
            )
            .execute()
        : [];
      const data = {
        ...f.filter,
        range: f.range,
        total: Number(count?.n ?? 0),
        workOrders: rows.map((r) => ({
          id: r.id,
          code: r.code,
          title: r.title,
          type: TYPES.filter((t) => (Number(r.type) & t) !== 0)
            .map((t) => TaskTypeNames[t])
            .join('、'),
          status: TaskStatusNames[Number(r.status) as TaskStatus] ?? String(r.status),
          assignees: people.filter((p) => p.work_order_id === r.id).map((p) => p.realname || p.username),
          dueAt: r.due_at === null ? null : chinaTime(Number(r.due_at)),
          createdAt: chinaTime(Number(r.created_at)),
        })),
      };
      return { data, source: f.source };
    },
  };

  return [countWorkOrders, listWorkOrders];
}
