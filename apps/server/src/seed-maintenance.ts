import type { Kysely } from 'kysely';
import type { Database } from './platform/db/schema.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The demo project's work orders (docs/decisions/0050-work-order-transitions.md): one in each
 * stage an operator meets first — to allocate, to do, executing, overdue, closed with a report —
 * each with the timeline that brought it there.
 */
export async function seedDemoWorkOrders(
  db: Kysely<Database>,
  projectId: number,
  usernames: { manager: string; operator: string },
): Promise<void> {
  const now = Date.now();
  const idOf = async (username: string) =>
    (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const people = { managerId: await idOf(usernames.manager), operatorId: await idOf(usernames.operator) };
  const sites = await db
    .selectFrom('groups')
    .select('id')
    .where('project_id', '=', projectId)
    .where('group_type', '=', 'site')
    .orderBy('id')
    .execute();
  const site = (i: number) => sites[i % Math.max(sites.length, 1)]?.id ?? null;
  const { managerId: m, operatorId: o } = people;
  type Step = [
    action: string,
    from: number | null,
    to: number,
    user: number | null,
    note: string,
    hoursAgo: number,
  ];
  const orders: {
    title: string;
    type: number;
    priority: number;
    status: number;
    site: number | null;
    due: number;
    assignee: number | null;
    steps: Step[];
    execution?: object;
    /** Hours since the result was submitted as resolved (awaiting acceptance, or accepted). */
    submittedAgo?: number;
    overdue?: boolean;
  }[] = [
    {
      title: '进水口格栅堵塞处理',
      type: 2,
      priority: 1,
      status: 2,
      site: site(0),
      due: now + 6 * HOUR,
      assignee: null,
      steps: [['create', null, 2, m, '', 1]],
    },
    {
      title: '二沉池刮泥机日常巡检',
      type: 1,
      priority: 3,
      status: 6,
      site: site(1),
      due: now + DAY,
      assignee: o,
      steps: [['create', null, 6, m, '', 3]],
    },
    {
      title: 'PAC加药泵加药',
      type: 4,
      priority: 2,
      status: 10,
      site: site(0),
      due: now + 4 * HOUR,
      assignee: o,
      steps: [
        ['create', null, 6, m, '', 5],
        ['start', 6, 10, o, '已到加药间', 1],
      ],
    },
    {
      title: '鼓风机月度保养',
      type: 8,
      priority: 2,
      status: 13,
      site: site(2),
      due: now - DAY,
      assignee: o,
      overdue: true,
      steps: [
        ['create', null, 6, m, '', 72],
        ['overdue', 6, 13, null, '已超过截止时间', 24],
      ],
    },
    {
      title: '消毒池次氯酸钠投加与巡检',
      type: 1 | 4,
      priority: 3,
      status: 11,
      site: site(1),
      due: now - 2 * DAY,
      assignee: o,
      execution: {
        checklist: [
          { item: '储药罐液位正常', ok: true, value: '' },
          { item: '计量泵无泄漏', ok: true, value: '' },
        ],
        measurements: [{ name: '余氯', value: 0.6, unit: 'mg/L' }],
        dosing: [{ medicine: '消毒次氯酸钠', quantity: 25, unit: 'kg' }],
        result: '投加完成，出水余氯达标',
        submittedAt: now - 60 * HOUR,
      },
      submittedAgo: 60,
      steps: [
        ['create', null, 6, m, '', 80],
        ['start', 6, 10, o, '', 62],
        ['submitResolved', 10, 10, o, '投加完成，出水余氯达标', 60],
        ['acceptPass', 10, 11, m, '验收合格', 58],
      ],
    },
    {
      title: '厂区雨水井巡查',
      type: 1,
      priority: 3,
      status: 4,
      site: null,
      due: now + 2 * DAY,
      assignee: null,
      steps: [
        ['create', null, 2, m, '', 20],
        ['publish', 2, 4, m, '谁有空谁领取', 19],
      ],
    },
    {
      title: '提升泵机械密封渗漏',
      type: 2,
      priority: 1,
      status: 12,
      site: site(0),
      due: now + 12 * HOUR,
      assignee: o,
      execution: {
        checklist: [{ item: '密封处渗漏', ok: false, value: '每分钟约 20 滴' }],
        measurements: [{ name: '电机电流', value: 18.4, unit: 'A' }],
        dosing: [],
        result: '已紧固压盖，渗漏减少但未消除，需更换机械密封（备件待采购）',
        submittedAt: now - 2 * HOUR,
      },
      steps: [
        ['create', null, 6, m, '', 26],
        ['start', 6, 10, o, '', 6],
        ['submitUnresolved', 10, 12, o, '已紧固压盖，渗漏减少但未消除，需更换机械密封（备件待采购）', 2],
      ],
    },
    {
      title: '二沉池出水堰清洗',
      type: 8,
      priority: 3,
      status: 10,
      site: site(1),
      due: now + 10 * HOUR,
      assignee: o,
      execution: {
        checklist: [
          { item: '出水堰无藻类附着', ok: true, value: '' },
          { item: '浮渣已清除', ok: true, value: '' },
        ],
        measurements: [],
        dosing: [{ medicine: '柠檬酸', quantity: 5, unit: 'kg' }],
        result: '出水堰已清洗，浮渣清除完毕',
        submittedAt: now - 1 * HOUR,
      },
      submittedAgo: 1,
      steps: [
        ['create', null, 6, m, '', 30],
        ['start', 6, 10, o, '', 4],
        ['submitResolved', 10, 10, o, '出水堰已清洗，浮渣清除完毕', 1],
      ],
    },
  ];
  for (const [i, order] of orders.entries()) {
    const createdAt = now - order.steps[0]![5] * HOUR;
    const { id } = await db
      .insertInto('work_orders')
      .values({
        project_id: projectId,
        code: `GD${new Date(createdAt + 8 * HOUR).toISOString().slice(0, 10).replaceAll('-', '')}${String(i + 1).padStart(5, '0')}`,
        title: order.title,
        type: order.type,
        priority: order.priority,
        status: order.status,
        version: order.steps.length - 1,
        submitted_at: order.submittedAgo === undefined ? null : now - order.submittedAgo * HOUR,
        group_id: order.site,
        equipment_id: null,
        source: 'manual',
        source_id: null,
        description: '',
        due_at: order.due,
        execution: order.execution ? JSON.stringify(order.execution) : null,
        created_by: m,
        created_at: createdAt,
        updated_at: now - order.steps.at(-1)![5] * HOUR,
        overdue_at: order.overdue ? now - DAY : null,
        closed_at: order.status === 11 ? now - 58 * HOUR : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (order.assignee !== null)
      await db
        .insertInto('work_order_assignees')
        .values({ work_order_id: id, user_id: order.assignee })
        .execute();
    await db
      .insertInto('work_order_events')
      .values(
        order.steps.map(([action, from, to, user, note, hoursAgo]) => ({
          work_order_id: id,
          action,
          from_status: from,
          to_status: to,
          user_id: user,
          note,
          attachments: '[]',
          created_at: now - hoursAgo * HOUR,
        })),
      )
      .execute();
  }
}
