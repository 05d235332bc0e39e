import type { Page } from '@iot/contracts';
import { AuditStatus, AuditType } from '@iot/contracts/audits';
import type { RepairChange, RepairListQuery, RepairValue, StoredPoint } from '@iot/contracts/data-repair';
import type { IndicatorEnum, IndicatorType } from '@iot/contracts/indicators';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DataRepairsTable } from '../../platform/db/schema.js';
import { HOUR, markHoursDirty } from '../telemetry/index.js';

export type RepairRow = Selectable<DataRepairsTable>;
export type RepairRowWithNames = RepairRow & {
  gateway_alias: string | null;
  indicator_alias: string | null;
  data_identification: string | null;
  indicator_type: string | null;
  unit: string | null;
  submitter_name: string | null;
  auditor_name: string | null;
  audit_record_id: number | null;
};

/** How values of an indicator are checked (the telemetry rule). */
export interface ValueRule {
  type: IndicatorType;
  decimalPlaces: number;
  enums: IndicatorEnum[];
}

export interface RepairTarget extends ValueRule {
  gatewayIndicatorId: number;
  gatewayId: number;
  gatewayAlias: string;
  alias: string;
  dataIdentification: string;
  unit: string;
}

const storedValue = (row: { num_value: number | null; text_value: string | null }): RepairValue =>
  row.num_value ?? row.text_value ?? '';
const CHUNK = 500;

/** Data repairs, the points they read and write, and the originals they keep; the only Kysely user here. */
export class DataRepairRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** The project's gateway indicators, for the picker. */
  async indicators(projectId: number) {
    const rows = await this.db
      .selectFrom('gateway_indicators as gi')
      .innerJoin('gateways as g', 'g.id', 'gi.gateway_id')
      .innerJoin('indicators as i', 'i.id', 'gi.indicator_id')
      .select([
        'gi.id',
        'gi.gateway_id',
        'g.alias as gateway_alias',
        'g.serial_number',
        'gi.alias',
        'gi.data_identification',
        'i.type',
        'i.unit',
        'gi.decimal_places',
        'i.decimal_places as indicator_decimals',
      ])
      .where('g.project_id', '=', projectId)
      .orderBy('g.alias')
      .orderBy('gi.id')
      .execute();
    return rows.map((row) => ({
      gatewayIndicatorId: row.id,
      gatewayId: row.gateway_id,
      gatewayAlias: row.gateway_alias,
      serialNumber: row.serial_number,
      alias: row.alias,
      dataIdentification: row.data_identification,
      type: row.type,
      unit: row.unit,
      decimalPlaces: row.decimal_places ?? row.indicator_decimals,
    }));
  }

  /** A gateway indicator of a gateway in the project, with its value rule. */
  async target(
    projectId: number,
    gatewayIndicatorId: number,
    db: Kysely<Database> = this.db,
  ): Promise<RepairTarget | undefined> {
    const row = await db
      .selectFrom('gateway_indicators as gi')
      .innerJoin('gateways as g', 'g.id', 'gi.gateway_id')
      .innerJoin('indicators as i', 'i.id', 'gi.indicator_id')
      .select([
        'gi.id',
        'gi.gateway_id',
        'g.alias as gateway_alias',
        'gi.alias',
        'gi.data_identification',
        'gi.decimal_places',
        'i.type',
        'i.unit',
        'i.enums',
        'i.decimal_places as indicator_decimals',
      ])
      .where('gi.id', '=', gatewayIndicatorId)
      .where('g.project_id', '=', projectId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      gatewayIndicatorId: row.id,
      gatewayId: row.gateway_id,
      gatewayAlias: row.gateway_alias,
      alias: row.alias,
      dataIdentification: row.data_identification,
      unit: row.unit,
      type: row.type as IndicatorType,
      decimalPlaces: row.decimal_places ?? row.indicator_decimals,
      enums: JSON.parse(row.enums) as IndicatorEnum[],
    };
  }

  /** Points in [start, stop) oldest first (at most `limit`), and the nearest point on each side. */
  async range(db: Kysely<Database>, id: number, start: number, stop: number, limit: number) {
    const points = await db
      .selectFrom('telemetry')
      .select(['ts', 'num_value', 'text_value'])
      .where('gateway_indicator_id', '=', id)
      .where('ts', '>=', start)
      .where('ts', '<', stop)
      .orderBy('ts')
      .limit(limit)
      .execute();
    const [before, after] = await Promise.all([
      db
        .selectFrom('telemetry')
        .select(['ts', 'num_value', 'text_value'])
        .where('gateway_indicator_id', '=', id)
        .where('ts', '<', start)
        .orderBy('ts', 'desc')
        .limit(1)
        .executeTakeFirst(),
      db
        .selectFrom('telemetry')
        .select(['ts', 'num_value', 'text_value'])
        .where('gateway_indicator_id', '=', id)
        .where('ts', '>=', stop)
        .orderBy('ts')
        .limit(1)
        .executeTakeFirst(),
    ]);
    const present = (row: {
      ts: number;
      num_value: number | null;
      text_value: string | null;
    }): StoredPoint => ({
      ts: Number(row.ts),
      value: storedValue(row),
    });
    return {
      points: points.map(present),
      before: before ? present(before) : null,
      after: after ? present(after) : null,
    };
  }

  /** The stored points at the given times. */
  async pointsAt(db: Kysely<Database>, id: number, times: number[]): Promise<StoredPoint[]> {
    const found: StoredPoint[] = [];
    for (let i = 0; i < times.length; i += CHUNK) {
      const rows = await db
        .selectFrom('telemetry')
        .select(['ts', 'num_value', 'text_value'])
        .where('gateway_indicator_id', '=', id)
        .where('ts', 'in', times.slice(i, i + CHUNK))
        .execute();
      for (const row of rows) found.push({ ts: Number(row.ts), value: storedValue(row) });
    }
    return found.sort((a, b) => a.ts - b.ts);
  }

  /**
   * Holds the gateway indicator's row until the transaction ends (a no-op update: a row lock on
   * PostgreSQL, the write lock on SQLite), so two submissions on one indicator check overlaps in turn.
   */
  async lockIndicator(db: Kysely<Database>, id: number): Promise<void> {
    await db
      .updateTable('gateway_indicators')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', id)
      .execute();
  }

  /** A pending repair of the indicator whose range overlaps [start, stop). */
  async pendingOverlap(db: Kysely<Database>, id: number, start: number, stop: number) {
    return db
      .selectFrom('data_repairs')
      .select('id')
      .where('gateway_indicator_id', '=', id)
      .where('audit_status', '=', AuditStatus.PENDING)
      .where('start_time', '<', stop)
      .where('stop_time', '>', start)
      .executeTakeFirst();
  }

  async insert(db: Kysely<Database>, row: Omit<RepairRow, 'id'>): Promise<number> {
    const inserted = await db
      .insertInto('data_repairs')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  private withNames(db: Kysely<Database> = this.db) {
    return db
      .selectFrom('data_repairs as r')
      .leftJoin('gateways as g', 'g.id', 'r.gateway_id')
      .leftJoin('gateway_indicators as gi', 'gi.id', 'r.gateway_indicator_id')
      .leftJoin('indicators as i', 'i.id', 'gi.indicator_id')
      .leftJoin('users as s', 's.id', 'r.submitted_by')
      .leftJoin('users as u', 'u.id', 'r.audited_by')
      .leftJoin('audit_records as a', (join) =>
        join.onRef('a.relation_id', '=', 'r.id').on('a.audit_type', '=', AuditType.DATA_REPAIR),
      )
      .selectAll('r')
      .select([
        'g.alias as gateway_alias',
        'gi.alias as indicator_alias',
        'gi.data_identification',
        'i.type as indicator_type',
        'i.unit',
        's.realname as submitter_name',
        'u.realname as auditor_name',
        'a.id as audit_record_id',
      ]);
  }

  byId(id: number, db: Kysely<Database> = this.db): Promise<RepairRowWithNames | undefined> {
    return this.withNames(db).where('r.id', '=', id).executeTakeFirst();
  }

  async page(projectId: number, query: RepairListQuery): Promise<Page<RepairRowWithNames>> {
    let base = this.withNames().where('r.project_id', '=', projectId);
    if (query.auditStatus !== undefined) base = base.where('r.audit_status', '=', query.auditStatus);
    if (query.gatewayIndicatorId !== undefined)
      base = base.where('r.gateway_indicator_id', '=', query.gatewayIndicatorId);
    const [list, count] = await Promise.all([
      base
        .orderBy('r.submitted_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(query.size)
        .offset(query.page * query.size)
        .execute(),
      base
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow() as Promise<{ total: number | string }>,
    ]);
    return { list, total: Number(count.total), page: query.page, size: query.size };
  }

  /** Moves a pending repair to its decision; false when it was no longer pending. */
  async decide(
    db: Kysely<Database>,
    id: number,
    change: Partial<
      Pick<RepairRow, 'audit_status' | 'audited_by' | 'audited_at' | 'reason' | 'applied_count'>
    >,
  ): Promise<boolean> {
    const result = await db
      .updateTable('data_repairs')
      .set(change)
      .where('id', '=', id)
      .where('audit_status', '=', AuditStatus.PENDING)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Writes an approved repair inside the caller's transaction: keeps the originals (and what
   * replaced them), replaces, adds or deletes the points, marks the touched hours for the rollup
   * job (docs/decisions/0014-hourly-rollups.md) and keeps the last value right.
   */
  async apply(db: Kysely<Database>, repairId: number, id: number, changes: RepairChange[]): Promise<void> {
    if (changes.length === 0) return;
    const num = (v: RepairValue | null) => (typeof v === 'number' ? v : null);
    const text = (v: RepairValue | null) => (typeof v === 'string' ? v : null);
    const originals = changes.map((c) => ({
      repair_id: repairId,
      gateway_indicator_id: id,
      ts: c.ts,
      num_value: num(c.before),
      text_value: text(c.before),
      absent: c.before === null ? 1 : 0,
      new_num_value: num(c.after),
      new_text_value: text(c.after),
      new_absent: c.after === null ? 1 : 0,
    }));
    const writes = changes
      .filter((c) => c.after !== null)
      .map((c) => ({
        gateway_indicator_id: id,
        ts: c.ts,
        num_value: num(c.after),
        text_value: text(c.after),
      }));
    const deletes = changes.filter((c) => c.after === null).map((c) => c.ts);
    for (let i = 0; i < originals.length; i += CHUNK)
      await db
        .insertInto('telemetry_repair_originals')
        .values(originals.slice(i, i + CHUNK))
        .execute();
    for (let i = 0; i < writes.length; i += CHUNK)
      await db
        .insertInto('telemetry')
        .values(writes.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.columns(['gateway_indicator_id', 'ts']).doUpdateSet((eb) => ({
            num_value: eb.ref('excluded.num_value'),
            text_value: eb.ref('excluded.text_value'),
          })),
        )
        .execute();
    for (let i = 0; i < deletes.length; i += CHUNK)
      await db
        .deleteFrom('telemetry')
        .where('gateway_indicator_id', '=', id)
        .where('ts', 'in', deletes.slice(i, i + CHUNK))
        .execute();
    const hours = new Set(changes.map((c) => c.ts - (c.ts % HOUR)));
    await markHoursDirty(
      db,
      [...hours].map((hour) => ({ gateway_indicator_id: id, hour })),
    );
    await this.refreshLastValue(db, id, Math.max(...changes.map((c) => c.ts)));
  }

  /** The last value follows the newest stored point when the repair reached it. */
  private async refreshLastValue(db: Kysely<Database>, id: number, newestChange: number): Promise<void> {
    const last = await db
      .selectFrom('last_values')
      .select('ts')
      .where('gateway_indicator_id', '=', id)
      .executeTakeFirst();
    if (last && Number(last.ts) > newestChange) return;
    const newest = await db
      .selectFrom('telemetry')
      .selectAll()
      .where('gateway_indicator_id', '=', id)
      .orderBy('ts', 'desc')
      .limit(1)
      .executeTakeFirst();
    await db.deleteFrom('last_values').where('gateway_indicator_id', '=', id).execute();
    if (newest) await db.insertInto('last_values').values(newest).execute();
  }

  /** What an approved repair replaced and wrote, oldest first. */
  async originals(repairId: number): Promise<RepairChange[]> {
    const rows = await this.db
      .selectFrom('telemetry_repair_originals')
      .selectAll()
      .where('repair_id', '=', repairId)
      .orderBy('ts')
      .execute();
    return rows.map((row) => ({
      ts: Number(row.ts),
      before: row.absent ? null : storedValue(row),
      after: row.new_absent
        ? null
        : storedValue({ num_value: row.new_num_value, text_value: row.new_text_value }),
    }));
  }
}
