import type { Kysely } from 'kysely';
import type { Database } from './platform/db/schema.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The demo project's maintenance plans (docs/decisions/0052-maintenance-plans.md): a daily
 * inspection, a twice-monthly pump upkeep by role, a dosing plan to the pool, and one counted from
 * its last completion. Generous lead times let the job's first run (within a minute of start) make
 * the orders of the coming days, none of them already late.
 */
export async function seedDemoPlans(
  db: Kysely<Database>,
  projectId: number,
  usernames: { manager: string; operator: string },
): Promise<void> {
  const now = Date.now();
  const idOf = async (username: string) =>
    (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const managerId = await idOf(usernames.manager);
  const operatorId = await idOf(usernames.operator);
  const site = async (name: string) =>
    (
      await db
        .selectFrom('groups')
        .select('id')
        .where('project_id', '=', projectId)
        .where('name', '=', name)
        .executeTakeFirst()
    )?.id;
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('scope_type', '=', 'project')
    .where('scope_id', '=', projectId)
    .where('name', '=', '运维人员')
    .executeTakeFirst();
  const schedule = (over: object) =>
    JSON.stringify({
      unit: 'day',
      every: 1,
      weekdays: [],
      monthDays: [],
      time: '08:00',
      basis: 'schedule',
      skipWeekends: false,
      ...over,
    });
  const item = (text: string, over: object = {}) => ({
    text,
    expected: '',
    min: null,
    max: null,
    unit: '',
    photoRequired: false,
    ...over,
  });
  const plans = [
    {
      name: '格栅日常巡检',
      types: 1,
      priority: 3,
      description: '检查格栅运行与栅渣情况',
      schedule: schedule({ time: '08:30', skipWeekends: true }),
      lead_hours: 24,
      allowed_hours: 8,
      assignee_kind: 'users',
      assignee_user_ids: JSON.stringify([operatorId]),
      assignee_role_id: null,
      checklist: [item('格栅无堵塞', { expected: '正常' }), item('栅渣已清运', { photoRequired: true })],
      dosing: [],
      targets: ['格栅间'],
    },
    {
      name: '提升泵半月保养',
      types: 8,
      priority: 2,
      description: '润滑、紧固、测温',
      schedule: schedule({ unit: 'month', monthDays: [1, 15], time: '09:00' }),
      lead_hours: 168,
      allowed_hours: 48,
      assignee_kind: role ? 'role' : 'pool',
      assignee_user_ids: '[]',
      assignee_role_id: role?.id ?? null,
      checklist: [
        item('电机温度', { min: 20, max: 70, unit: '℃' }),
        item('轴承润滑', { expected: '已加注' }),
        item('地脚螺栓紧固', { photoRequired: true }),
      ],
      dosing: [],
      targets: ['进水泵房'],
    },
    {
      name: '消毒池加药',
      types: 4,
      priority: 2,
      description: '',
      schedule: schedule({ unit: 'week', weekdays: [1, 4], time: '10:00' }),
      lead_hours: 72,
      allowed_hours: 4,
      assignee_kind: 'pool',
      assignee_user_ids: '[]',
      assignee_role_id: null,
      checklist: [item('余氯', { min: 0.3, max: 4, unit: 'mg/L' })],
      dosing: [{ medicine: '消毒次氯酸钠', quantity: 25, unit: 'kg' }],
      targets: ['消毒池'],
    },
    {
      name: '生化池曝气头清洗',
      types: 8,
      priority: 3,
      description: '上次清洗完成后每3个月一次',
      schedule: schedule({ unit: 'month', every: 3, basis: 'completion', time: '09:00' }),
      lead_hours: 72,
      allowed_hours: 72,
      assignee_kind: 'onDuty',
      assignee_user_ids: '[]',
      assignee_role_id: null,
      checklist: [item('曝气均匀', { expected: '正常', photoRequired: true })],
      dosing: [],
      targets: ['AAO生化池'],
    },
  ];
  for (const { targets, checklist, dosing, ...plan } of plans) {
    const { id } = await db
      .insertInto('maintenance_plans')
      .values({
        ...plan,
        project_id: projectId,
        checklist: JSON.stringify(checklist),
        dosing: JSON.stringify(dosing),
        start_at: now - 30 * DAY,
        end_at: null,
        needs_audit: 0,
        enabled: 1,
        generated_until: now,
        last_generated_at: null,
        created_by: managerId,
        created_at: now - 30 * DAY,
        updated_at: now - 30 * DAY,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const name of targets) {
      const groupId = await site(name);
      if (groupId !== undefined)
        await db
          .insertInto('maintenance_plan_targets')
          .values({ plan_id: id, target_type: 'group', target_id: groupId })
          .execute();
    }
  }
}
