import { Permission } from '@iot/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { sharedIndicatorCounts } from '../sharing/index.js';

/** What the resource warnings look at in one project. */
export interface ProjectResources {
  projectId: number;
  projectName: string;
  setMealEndAt: number | null;
  /** -1 = unlimited. */
  indicatorMax: number;
  indicatorsUsed: number;
  /** Remaining counts; -1 = unlimited. */
  smsLeft: number;
  voiceLeft: number;
  /** Whether an enabled recipient setting of the project sends SMS / voice calls at all. */
  smsUsed: boolean;
  voiceUsed: boolean;
}

/** The only Kysely user of the resource warnings: a person's projects with their terms and use. */
export class ResourceWarningsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The projects where `userId` is a member whose role reads `menu` (or is the project's built-in
   * administrator), with the number of gateway indicators each uses.
   */
  async projectsOf(userId: number, menu: string): Promise<ProjectResources[]> {
    const rows = await this.db
      .selectFrom('memberships as m')
      .innerJoin('projects as p', 'p.group_id', 'm.scope_id')
      .innerJoin('groups as g', 'g.id', 'p.group_id')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .leftJoin('role_functions as f', (join) =>
        join.onRef('f.role_id', '=', 'm.role_id').on('f.menu_code', '=', menu),
      )
      .select((eb) => [
        'p.group_id',
        'g.name',
        'p.set_meal_end_at',
        'p.access_gateway_indicator_max_num',
        'p.send_messages_total_num',
        'p.send_voices_total_num',
        'r.builtin',
        'f.permission',
        eb
          .selectFrom('gateway_indicators as gi')
          .innerJoin('gateways as gw', 'gw.id', 'gi.gateway_id')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .whereRef('gw.project_id', '=', 'p.group_id')
          .as('used'),
        // Enabled recipient settings that send SMS / voice calls: without one a low count matters to no one.
        ...(['sms', 'voice'] as const).map((channel) =>
          eb
            .selectFrom('message_recipients as mr')
            .select((inner) => inner.fn.countAll<number | string>().as('n'))
            .whereRef('mr.project_id', '=', 'p.group_id')
            .where('mr.enabled', '=', 1)
            .where(channel === 'sms' ? 'mr.sms' : 'mr.voice', '=', 1)
            .as(`${channel}_used`),
        ),
      ])
      .where('m.scope_type', '=', 'project')
      .where('m.user_id', '=', userId)
      .orderBy('p.group_id')
      .execute();
    // Indicators of gateways shared into the projects count against them too (decision 0069).
    const shared = await sharedIndicatorCounts(
      this.db,
      rows.map((row) => row.group_id),
    );
    return rows
      .filter((row) => row.builtin === 'admin' || ((row.permission ?? 0) & Permission.READ) !== 0)
      .map((row) => ({
        projectId: row.group_id,
        projectName: row.name,
        setMealEndAt: row.set_meal_end_at === null ? null : Number(row.set_meal_end_at),
        indicatorMax: row.access_gateway_indicator_max_num,
        indicatorsUsed: Number(row.used ?? 0) + (shared.get(row.group_id) ?? 0),
        smsLeft: row.send_messages_total_num,
        voiceLeft: row.send_voices_total_num,
        smsUsed: Number(row.sms_used) > 0,
        voiceUsed: Number(row.voice_used) > 0,
      }));
  }
}
