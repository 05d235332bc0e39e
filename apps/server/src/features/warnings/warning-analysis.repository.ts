import type { HandleStatus, RuleKind } from '@iot/contracts/warnings';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

const CHINA_OFFSET = 8 * 3_600_000;

/** The 预警分析 screen's reads: warnings counted by level, status, kind, gateway, indicator and day. */
export class WarningAnalysisRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Counts for the analysis screen, over the project's warnings started in the range. */
  async counts(projectId: number, range: { startTime: number; stopTime: number }) {
    const scoped = this.db
      .selectFrom('warnings as w')
      .where('w.project_id', '=', projectId)
      .where('w.started_at', '>=', range.startTime)
      .where('w.started_at', '<', range.stopTime);
    const [byLevel, byHandleStatus, byKind, handleTime, byGateway, byIndicator, byDay] = await Promise.all([
      scoped
        .select(['w.level'])
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .groupBy('w.level')
        .orderBy('w.level')
        .execute(),
      scoped
        .select(['w.handle_status'])
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .groupBy('w.handle_status')
        .execute(),
      scoped
        .select(['w.kind'])
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .groupBy('w.kind')
        .orderBy('count', 'desc')
        .execute(),
      // handled_at is the time of the step that made it 已处理 (the latest step).
      scoped
        .where('w.handle_status', '=', 'handled')
        .select(sql<number | string | null>`avg(w.handled_at - w.started_at)`.as('mean'))
        .executeTakeFirst(),
      scoped
        .leftJoin('gateways as g', 'g.id', 'w.gateway_id')
        .select(['w.gateway_id', 'g.alias'])
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .groupBy(['w.gateway_id', 'g.alias'])
        .orderBy('count', 'desc')
        .limit(20)
        .execute(),
      scoped
        .innerJoin('gateway_indicators as gi', 'gi.id', 'w.gateway_indicator_id')
        .leftJoin('indicators as i', 'i.id', 'gi.indicator_id')
        .leftJoin('gateways as g', 'g.id', 'w.gateway_id')
        .select(['w.gateway_indicator_id', 'i.name', 'g.alias'])
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .groupBy(['w.gateway_indicator_id', 'i.name', 'g.alias'])
        .orderBy('count', 'desc')
        .limit(20)
        .execute(),
      // Local days: the start shifted to China time, divided into days (the same on both databases).
      scoped
        .select(sql<number>`(w.started_at + ${sql.lit(CHINA_OFFSET)}) / ${sql.lit(86_400_000)}`.as('day'))
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .groupBy(sql`1`)
        .orderBy(sql`1`)
        .execute(),
    ]);
    const dayText = (day: number) =>
      new Date(Math.floor(Number(day)) * 86_400_000).toISOString().slice(0, 10);
    return {
      total: byLevel.reduce((sum, r) => sum + Number(r.count), 0),
      byLevel: byLevel.map((r) => ({ level: r.level, count: Number(r.count) })),
      byHandleStatus: byHandleStatus.map((r) => ({
        handleStatus: r.handle_status as HandleStatus,
        count: Number(r.count),
      })),
      byKind: byKind.map((r) => ({ kind: r.kind as RuleKind, count: Number(r.count) })),
      meanHandleMs:
        handleTime?.mean === null || handleTime?.mean === undefined
          ? null
          : Math.round(Number(handleTime.mean)),
      byGateway: byGateway.map((r) => ({
        gatewayId: r.gateway_id,
        gatewayAlias: r.alias ?? '',
        count: Number(r.count),
      })),
      byIndicator: byIndicator.map((r) => ({
        gatewayIndicatorId: r.gateway_indicator_id!,
        name: `${r.alias ?? ''} · ${r.name ?? ''}`,
        count: Number(r.count),
      })),
      byDay: byDay.map((r) => ({ day: dayText(r.day), count: Number(r.count) })),
    };
  }
}
