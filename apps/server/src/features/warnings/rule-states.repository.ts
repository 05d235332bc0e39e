import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../platform/db/connect.js';
import type { Database } from '../../platform/db/schema.js';
import type { RuleState } from './evaluate.js';
import type { WarningRow } from './warnings.repository.js';

export type StoredRuleState = RuleState & { warningId: number | null };
/** What one evaluation writes: new warnings, releases and the rules' changed states. */
export interface RuleWork {
  raise: { ruleId: number; warning: Omit<WarningRow, 'id'> }[];
  release: { ruleId: number; warningId: number; at: number; value: string }[];
  states: Map<number, StoredRuleState>;
}

/** 7 parameters a row: well under SQLite's and PostgreSQL's limits per statement. */
const STATE_ROWS_PER_STATEMENT = 500;

/** The rules' evaluation state and what an evaluation writes: the warning engine's side of the tables. */
export class RuleStatesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * One evaluation of some rules, serialised per rule across server nodes: on PostgreSQL, in one
   * transaction, the rules' states are read locked (FOR UPDATE, in rule order, rows made first for
   * rules without one) so that another node evaluating the same rule waits for this one, `decide`
   * turns them into work, and the work is written. SQLite is one node: the states are read, then
   * the work written in a transaction. Answers the warnings it created and released.
   */
  async evaluate(
    ruleIds: number[],
    decide: (states: Map<number, StoredRuleState>) => RuleWork,
  ): Promise<{ raised: number[]; released: number[] }> {
    const nothing = (work: RuleWork) =>
      work.raise.length === 0 && work.release.length === 0 && work.states.size === 0;
    if (this.dialect === 'sqlite') {
      // One node, one connection, the engine's queue already in order: reading outside the write
      // transaction keeps the connection free for telemetry while the batch is decided.
      const work = decide(await this.lockStates(this.db, ruleIds));
      if (nothing(work)) return { raised: [], released: [] };
      return this.db.transaction().execute((trx) => this.write(trx, work));
    }
    return this.db.transaction().execute(async (trx) => {
      const work = decide(await this.lockStates(trx, ruleIds));
      return nothing(work) ? { raised: [], released: [] } : this.write(trx, work);
    });
  }

  private async lockStates(trx: Kysely<Database>, ruleIds: number[]) {
    const ids = [...new Set(ruleIds)].sort((x, y) => x - y);
    const select = (wanted: number[]) => {
      const query = trx.selectFrom('warning_rule_states').selectAll().where('rule_id', 'in', wanted);
      return this.dialect === 'postgres' ? query.orderBy('rule_id').forUpdate().execute() : query.execute();
    };
    const rows = ids.length > 0 ? await select(ids) : [];
    const missing = ids.filter((id) => !rows.some((row) => row.rule_id === id));
    if (missing.length > 0 && this.dialect === 'postgres') {
      await trx
        .insertInto('warning_rule_states')
        .values(missing.map((rule_id) => ({ rule_id, phase: 'normal', count: 0 })))
        .onConflict((oc) => oc.column('rule_id').doNothing())
        .execute();
      rows.push(...(await select(missing)));
    }
    const states = new Map<number, StoredRuleState>();
    for (const row of rows) {
      states.set(row.rule_id, {
        phase: row.phase as RuleState['phase'],
        sinceTs: row.since_ts === null ? null : Number(row.since_ts),
        count: row.count,
        lastValue: row.last_value,
        lastTs: row.last_ts === null ? null : Number(row.last_ts),
        warningId: row.warning_id,
      });
    }
    return states;
  }

  private async write(trx: Transaction<Database>, work: RuleWork) {
    const raised: number[] = [];
    for (const { ruleId, warning } of work.raise) {
      const row = await trx.insertInto('warnings').values(warning).returning('id').executeTakeFirstOrThrow();
      raised.push(row.id);
      // The open warning of a rule still active after the batch (the last raised wins).
      const state = work.states.get(ruleId);
      if (state?.phase === 'active') state.warningId = row.id;
    }
    const released: number[] = [];
    for (const release of work.release) {
      const result = await trx
        .updateTable('warnings')
        .set({ released_at: release.at, release_value: release.value })
        .where('id', '=', release.warningId)
        .where('released_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) released.push(release.warningId);
    }
    // Every changed state in a few statements: a batch may touch hundreds of rules.
    const rows = [...work.states].map(([ruleId, s]) => ({
      rule_id: ruleId,
      phase: s.phase,
      since_ts: s.sinceTs,
      count: s.count,
      last_value: s.lastValue,
      last_ts: s.lastTs,
      warning_id: s.warningId,
    }));
    for (let i = 0; i < rows.length; i += STATE_ROWS_PER_STATEMENT) {
      await trx
        .insertInto('warning_rule_states')
        .values(rows.slice(i, i + STATE_ROWS_PER_STATEMENT))
        .onConflict((oc) =>
          oc.column('rule_id').doUpdateSet((eb) => ({
            phase: eb.ref('excluded.phase'),
            since_ts: eb.ref('excluded.since_ts'),
            count: eb.ref('excluded.count'),
            last_value: eb.ref('excluded.last_value'),
            last_ts: eb.ref('excluded.last_ts'),
            warning_id: eb.ref('excluded.warning_id'),
          })),
        )
        .execute();
    }
    return { raised, released };
  }
}
