import type { Kysely } from 'kysely';
import type { Database } from './platform/db/schema.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Finished work of the last months: title, type mask, the execution it reported. */
const WORK: [title: string, type: number, result: string, dosing?: [string, number]][] = [
  ['格栅机日常巡检', 1, '格栅运转正常，已清理栅渣'],
  ['进水泵房提升泵巡检', 1, '三台泵运行正常，振动与温度在范围内'],
  ['AAO生化池曝气头更换', 2, '更换堵塞曝气头12个，曝气均匀'],
  ['二沉池刮泥机链条维修', 2, '更换链节两处并张紧'],
  ['PAC 投加', 4, '按计划投加，出水浊度达标', ['PAC', 120]],
  ['消毒池次氯酸钠投加', 4, '投加完成，余氯0.5mg/L', ['消毒次氯酸钠', 60]],
  ['反冲洗次氯酸钠投加', 4, '反冲洗完成', ['反冲洗次氯酸钠', 40]],
  ['鼓风机季度保养', 8, '更换润滑油与空滤'],
  ['在线监测仪表校准', 1 | 8, '零点与量程校准完成'],
  ['回流泵密封检修', 2 | 8, '更换机械密封，无渗漏'],
  ['碳源葡萄糖投加', 4, '按C/N比投加', ['葡萄糖', 80]],
  ['膜池柠檬酸清洗', 4 | 8, '化学清洗完成，跨膜压差下降', ['柠檬酸', 50]],
];

/** A small deterministic generator: the same demo on every fresh start. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The demo project's finished work over the last six months (decision 0055), so 维保记录 and 维保统计
 * open on something: about ten orders a month, mostly closed (a few late, a few processed but not
 * resolved, a few cancelled), each with the timeline a real one leaves — created, started (a few
 * hours later), result submitted, accepted. Open orders are seed-maintenance.ts's.
 */
export async function seedDemoFinishedWork(
  db: Kysely<Database>,
  projectId: number,
  usernames: { manager: string; operator: string },
): Promise<void> {
  const rand = random(55);
  const now = Date.now();
  const idOf = async (username: string) =>
    (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const manager = await idOf(usernames.manager);
  const operator = await idOf(usernames.operator);
  const sites = (
    await db
      .selectFrom('groups')
      .select('id')
      .where('project_id', '=', projectId)
      .where('group_type', '=', 'site')
      .orderBy('id')
      .execute()
  ).map((g) => g.id);
  const COUNT = 60;
  for (let i = 0; i < COUNT; i++) {
    // Spread over 180 days, oldest first, the newest two days ago (all finished by now).
    const created = now - 182 * DAY + Math.floor(((i + rand() * 0.8) * 180 * DAY) / COUNT);
    const [title, type, result, dose] = WORK[i % WORK.length]!;
    const roll = rand();
    const status = roll < 0.06 ? 7 : roll < 0.14 ? 12 : 11;
    const due = created + (1 + Math.floor(rand() * 3)) * DAY;
    const started = created + Math.floor((0.5 + rand() * 8) * HOUR);
    // Most are done within the allowed time; about one in six runs late.
    const late = rand() < 0.17 && due + 40 * HOUR < now;
    const finished = late
      ? due + Math.floor((2 + rand() * 30) * HOUR)
      : started + Math.floor((1 + rand() * 20) * HOUR);
    const accepted = finished + Math.floor((0.5 + rand() * 6) * HOUR);
    const site = sites.length > 0 ? sites[i % sites.length]! : null;
    const assignee = i % 4 === 3 ? manager : operator;
    const execution =
      status === 7
        ? null
        : {
            checklist: [
              { item: '现场安全确认', ok: true, value: '' },
              { item: '设备运行状态', ok: status === 11, value: status === 11 ? '正常' : '仍有异响' },
            ],
            measurements:
              type & 1 ? [{ name: '电机温度', value: 40 + Math.round(rand() * 150) / 10, unit: '℃' }] : [],
            dosing: dose ? [{ medicine: dose[0], quantity: dose[1], unit: 'kg' }] : [],
            result: status === 12 ? `${result}；问题未彻底解决，需厂家到场` : result,
            submittedAt: finished,
          };
    const closedAt = status === 11 ? accepted : null;
    const lastAt = status === 11 ? accepted : status === 12 ? finished : created + 2 * HOUR;
    const { id } = await db
      .insertInto('work_orders')
      .values({
        project_id: projectId,
        code: `GD${new Date(created + 8 * HOUR).toISOString().slice(0, 10).replaceAll('-', '')}${String(900 + i).padStart(5, '0')}`,
        title,
        type,
        priority: 1 + (i % 3),
        status,
        version: status === 7 ? 1 : status === 12 ? 3 : 4,
        submitted_at: status === 11 ? finished : null,
        group_id: site,
        equipment_id: null,
        source: i % 3 === 0 ? 'plan' : 'manual',
        source_id: null,
        description: '',
        due_at: due,
        execution: execution ? JSON.stringify(execution) : null,
        created_by: manager,
        created_at: created,
        updated_at: lastAt,
        overdue_at: null,
        closed_at: closedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('work_order_assignees').values({ work_order_id: id, user_id: assignee }).execute();
    const event = (action: string, from: number | null, to: number, user: number, at: number, note = '') => ({
      work_order_id: id,
      action,
      from_status: from,
      to_status: to,
      user_id: user,
      note,
      attachments: '[]',
      created_at: at,
    });
    const events =
      status === 7
        ? [event('create', null, 6, manager, created), event('cancel', 6, 7, manager, lastAt, '计划调整')]
        : [
            event('create', null, 6, manager, created),
            event('start', 6, 10, assignee, started),
            status === 12
              ? event('submitUnresolved', 10, 12, assignee, finished, execution!.result)
              : event('submitResolved', 10, 10, assignee, finished, execution!.result),
            ...(status === 11 ? [event('acceptPass', 10, 11, manager, accepted, '验收合格')] : []),
          ];
    await db.insertInto('work_order_events').values(events).execute();
  }
}
