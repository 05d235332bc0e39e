import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { sharedGatewayIds } from '../sharing/index.js';

/** One project's terms and what it holds and uses of them, as stored. */
export interface ProjectResourceRow {
  name: string;
  payStatus: string;
  setMealEndAt: number | null;
  indicatorMax: number;
  indicatorsUsed: number;
  smsLeft: number;
  smsSent: number;
  voiceLeft: number;
  voiceSent: number;
  chatLimit: number;
  /** Assistant questions asked (decision 0060). */
  chatUsed: number;
  /** Enabled recipient settings that send SMS / voice calls. */
  smsReceivers: number;
  voiceReceivers: number;
  gatewaysOnline: number;
  gatewaysOffline: number;
  areas: number;
  sites: number;
  monitoringPoints: number;
  members: number;
}

const n = (value: number | string | null | undefined) => Number(value ?? 0);

/** The only Kysely user of 资源概览: counts of one project, every query scoped by its id. */
export class ResourcesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async usage(projectId: number): Promise<ProjectResourceRow | undefined> {
    const project = await this.db
      .selectFrom('projects as p')
      .innerJoin('groups as g', 'g.id', 'p.group_id')
      .select((eb) => [
        'g.name',
        'p.pay_status',
        'p.set_meal_end_at',
        'p.access_gateway_indicator_max_num',
        'p.send_messages_total_num',
        'p.send_voices_total_num',
        'p.messages_sent_num',
        'p.voices_sent_num',
        'p.chat_messages_limit',
        'p.chat_messages_used',
        // Own gateways' indicators and those of gateways shared into the project (decision 0069).
        eb
          .selectFrom('gateway_indicators as gi')
          .innerJoin('gateways as gw', 'gw.id', 'gi.gateway_id')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .where((inner) =>
            inner.or([
              inner('gw.project_id', '=', inner.ref('p.group_id')),
              inner('gw.id', 'in', sharedGatewayIds(this.db, projectId)),
            ]),
          )
          .as('indicators_used'),
        eb
          .selectFrom('memberships as m')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .where('m.scope_type', '=', 'project')
          .whereRef('m.scope_id', '=', 'p.group_id')
          .as('members'),
        ...(['sms', 'voice'] as const).map((channel) =>
          eb
            .selectFrom('message_recipients as mr')
            .select((inner) => inner.fn.countAll<number | string>().as('n'))
            .whereRef('mr.project_id', '=', 'p.group_id')
            .where('mr.enabled', '=', 1)
            .where(channel === 'sms' ? 'mr.sms' : 'mr.voice', '=', 1)
            .as(`${channel}_receivers`),
        ),
      ])
      .where('p.group_id', '=', projectId)
      .executeTakeFirst();
    if (!project) return undefined;

    const [gateways, groups] = await Promise.all([
      this.db
        .selectFrom('gateways')
        .select(['online_status', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('project_id', '=', projectId)
        .groupBy('online_status')
        .execute(),
      this.db
        .selectFrom('groups')
        .select(['group_type', 'is_monitor', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('project_id', '=', projectId)
        .where('id', '!=', projectId)
        .groupBy(['group_type', 'is_monitor'])
        .execute(),
    ]);
    const online = n(gateways.find((g) => g.online_status === 'online')?.n);
    const all = gateways.reduce((sum, g) => sum + n(g.n), 0);
    const groupsWhere = (match: (g: (typeof groups)[number]) => boolean) =>
      groups.filter(match).reduce((sum, g) => sum + n(g.n), 0);
    return {
      name: project.name,
      payStatus: project.pay_status,
      setMealEndAt: project.set_meal_end_at === null ? null : Number(project.set_meal_end_at),
      indicatorMax: project.access_gateway_indicator_max_num,
      indicatorsUsed: n(project.indicators_used),
      smsLeft: project.send_messages_total_num,
      smsSent: project.messages_sent_num,
      voiceLeft: project.send_voices_total_num,
      voiceSent: project.voices_sent_num,
      chatLimit: project.chat_messages_limit,
      chatUsed: n(project.chat_messages_used),
      smsReceivers: n(project.sms_receivers),
      voiceReceivers: n(project.voice_receivers),
      gatewaysOnline: online,
      gatewaysOffline: all - online,
      areas: groupsWhere((g) => g.group_type === 'area' && !g.is_monitor),
      sites: groupsWhere((g) => g.group_type === 'site' && !g.is_monitor),
      monitoringPoints: groupsWhere((g) => Boolean(g.is_monitor)),
      members: n(project.members),
    };
  }
}
