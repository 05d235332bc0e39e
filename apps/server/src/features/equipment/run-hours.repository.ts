import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { RunIncrement } from './run-hours.js';

export interface RunStateRow {
  equipment_id: number;
  gateway_indicator_id: number;
  watermark: number;
  last_on: number | null;
  run_ms: number;
  starts: number;
}

/**
 * Run hours and starts of the ledger's equipment: the run state per piece (its watermark in the run
 * signal's stored points) and the per-day totals, counted once per point (decision 0051).
 */
export class RunHoursRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Totals and today's share of the pieces' run counters (of their current run signal). */
  async runCounters(equipmentIds: number[], today: string) {
    if (equipmentIds.length === 0) return { states: [], days: [] };
    const [states, days] = await Promise.all([
      this.db
        .selectFrom('equipment_run_state as s')
        .innerJoin('equipment_bindings as b', (j) =>
          j
            .onRef('b.equipment_id', '=', 's.equipment_id')
            .on('b.role', '=', 'run')
            .onRef('b.gateway_indicator_id', '=', 's.gateway_indicator_id'),
        )
        .select(['s.equipment_id', 's.watermark', 's.last_on', 's.run_ms', 's.starts'])
        .where('s.equipment_id', 'in', equipmentIds)
        .execute(),
      this.db
        .selectFrom('equipment_run_days')
        .select(['equipment_id', 'run_ms', 'starts'])
        .where('equipment_id', 'in', equipmentIds)
        .where('day', '=', today)
        .execute(),
    ]);
    return { states, days };
  }

  runDays(equipmentId: number, fromDay: string) {
    return this.db
      .selectFrom('equipment_run_days')
      .select(['day', 'run_ms', 'starts'])
      .where('equipment_id', '=', equipmentId)
      .where('day', '>=', fromDay)
      .orderBy('day')
      .execute();
  }

  /** Run states whose run signal is still the one bound, with the gateway still in the project. */
  accountable(): Promise<RunStateRow[]> {
    return this.db
      .selectFrom('equipment_run_state as s')
      .innerJoin('equipment as e', 'e.id', 's.equipment_id')
      .innerJoin('equipment_bindings as b', (j) =>
        j
          .onRef('b.equipment_id', '=', 's.equipment_id')
          .on('b.role', '=', 'run')
          .onRef('b.gateway_indicator_id', '=', 's.gateway_indicator_id'),
      )
      .innerJoin('gateway_indicators as gi', 'gi.id', 's.gateway_indicator_id')
      .innerJoin('gateways as gw', (j) =>
        j.onRef('gw.id', '=', 'gi.gateway_id').onRef('gw.project_id', '=', 'e.project_id'),
      )
      .select([
        's.equipment_id',
        's.gateway_indicator_id',
        's.watermark',
        's.last_on',
        's.run_ms',
        's.starts',
      ])
      .execute();
  }

  /** Stored points of a signal after `after`, up to `until`, oldest first. */
  points(gatewayIndicatorId: number, after: number, until: number, limit: number) {
    return this.db
      .selectFrom('telemetry')
      .select(['ts', 'num_value', 'text_value'])
      .where('gateway_indicator_id', '=', gatewayIndicatorId)
      .where('ts', '>', after)
      .where('ts', '<=', until)
      .orderBy('ts')
      .limit(limit)
      .execute();
  }

  /**
   * Adds a counted batch, only if the state is still at the watermark (and run signal) it was
   * counted from: one conditional UPDATE moves the watermark and the totals, and the day rows are
   * added in the same transaction. Answers false when another run (node) got there first.
   */
  async applyRun(state: RunStateRow, increment: RunIncrement): Promise<boolean> {
    return this.db
      .transaction()
      .execute(async (trx) => {
        const moved = await trx
          .updateTable('equipment_run_state')
          .set({
            watermark: increment.to.watermark,
            last_on: increment.to.lastOn === null ? null : increment.to.lastOn ? 1 : 0,
            run_ms: sql`run_ms + ${increment.runMs}`,
            starts: sql`starts + ${increment.starts}`,
            updated_at: Date.now(),
          })
          .where('equipment_id', '=', state.equipment_id)
          .where('gateway_indicator_id', '=', state.gateway_indicator_id)
          .where('watermark', '=', state.watermark)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new StaleRunState();
        for (const [day, add] of increment.days)
          await trx
            .insertInto('equipment_run_days')
            .values({ equipment_id: state.equipment_id, day, run_ms: add.runMs, starts: add.starts })
            .onConflict((oc) =>
              oc.columns(['equipment_id', 'day']).doUpdateSet({
                run_ms: sql`equipment_run_days.run_ms + ${add.runMs}`,
                starts: sql`equipment_run_days.starts + ${add.starts}`,
              }),
            )
            .execute();
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof StaleRunState) return false;
        throw error;
      });
  }

  /** Run states, now (after a lost race, to continue from where the winner left). */
  runState(equipmentId: number) {
    return this.db
      .selectFrom('equipment_run_state')
      .select(['equipment_id', 'gateway_indicator_id', 'watermark', 'last_on', 'run_ms', 'starts'])
      .where('equipment_id', '=', equipmentId)
      .executeTakeFirst();
  }
}

/** The run state moved under a batch: it is dropped, and counted again from the new position. */
class StaleRunState extends Error {}
