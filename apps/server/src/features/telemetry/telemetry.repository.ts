import type { IndicatorEnum, IndicatorType } from '@iot/contracts/indicators';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../platform/db/connect.js';
import type { Database } from '../../platform/db/schema.js';

/** Rollups are hourly (migration 0006); a write marks the hours it touched for recomputation. */
export const HOUR = 3_600_000;

/** A point ready to store: numbers in num_value, text in text_value. */
export interface StoredPoint {
  gatewayIndicatorId: number;
  ts: number;
  value: number | string;
}

interface PointRow {
  gateway_indicator_id: number;
  ts: number;
  num_value: number | null;
  text_value: string | null;
}

interface HourMark {
  gateway_indicator_id: number;
  hour: number;
}

const byKey = (a: PointRow, b: PointRow) => a.gateway_indicator_id - b.gateway_indicator_id || a.ts - b.ts;

export interface IndicatorBinding {
  gatewayIndicatorId: number;
  dataIdentification: string;
  type: IndicatorType;
  decimalPlaces: number;
  enums: IndicatorEnum[];
}

/** Device lookups and the time-series writes; the only Kysely user of the telemetry tables. */
export class TelemetryRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  async gatewayBySecretHash(secretHash: string) {
    return this.db
      .selectFrom('gateways')
      .select(['id', 'serial_number', 'project_id'])
      .where('secret_hash', '=', secretHash)
      .executeTakeFirst();
  }

  async gatewayBySerial(serialNumber: string) {
    return this.db
      .selectFrom('gateways')
      .select(['id', 'serial_number', 'project_id'])
      .where('serial_number', '=', serialNumber)
      .executeTakeFirst();
  }

  /** The gateway's indicators keyed for decoding: dataIdentification → type, decimals, enums. */
  async bindings(gatewayId: number): Promise<IndicatorBinding[]> {
    const rows = await this.db
      .selectFrom('gateway_indicators as gi')
      .innerJoin('indicators as i', 'i.id', 'gi.indicator_id')
      .select([
        'gi.id',
        'gi.data_identification',
        'gi.decimal_places',
        'i.type',
        'i.decimal_places as indicator_decimals',
        'i.enums',
      ])
      .where('gi.gateway_id', '=', gatewayId)
      .execute();
    return rows.map((row) => ({
      gatewayIndicatorId: row.id,
      dataIdentification: row.data_identification,
      type: row.type as IndicatorType,
      decimalPlaces: row.decimal_places ?? row.indicator_decimals,
      enums: JSON.parse(row.enums) as IndicatorEnum[],
    }));
  }

  /**
   * Stores a batch in one transaction: a point already stored at the same time is replaced (a
   * device resending after a lost acknowledgement), last values move forward only, and the hours
   * touched are marked dirty for the rollup job (docs/decisions/0014-hourly-rollups.md).
   */
  async write(points: StoredPoint[]): Promise<void> {
    if (points.length === 0) return;
    // One row per (indicator, time): a statement may not touch the same row twice. The later wins.
    const unique = new Map<string, StoredPoint>();
    for (const p of points) unique.set(`${p.gatewayIndicatorId}:${p.ts}`, p);
    const rows: PointRow[] = [...unique.values()].map((p) => ({
      gateway_indicator_id: p.gatewayIndicatorId,
      ts: p.ts,
      num_value: typeof p.value === 'number' ? p.value : null,
      text_value: typeof p.value === 'string' ? p.value : null,
    }));
    const latest = new Map<number, PointRow>();
    for (const row of rows) {
      const current = latest.get(row.gateway_indicator_id);
      if (!current || row.ts >= current.ts) latest.set(row.gateway_indicator_id, row);
    }
    const hours = new Map<string, HourMark>();
    for (const row of rows) {
      const hour = row.ts - (row.ts % HOUR);
      hours.set(`${row.gateway_indicator_id}:${hour}`, {
        gateway_indicator_id: row.gateway_indicator_id,
        hour,
      });
    }
    if (this.dialect === 'postgres')
      return this.writePostgres(rows, [...latest.values()], [...hours.values()]);
    await this.writeSqlite(rows, [...latest.values()], [...hours.values()]);
  }

  /**
   * SQLite: one transaction, three upserts, each reading its rows from one JSON array parameter
   * with json_each — SQLite's counterpart of UNNEST. Building and binding a 1,000-row VALUES list
   * (4,000 parameters) cost more than the insert itself: 10–25 % more rows/s on the write path,
   * which runs on the event loop (decision 0029). JSON keeps doubles exact (SQLite ≥ 3.47 parses
   * them correctly rounded).
   */
  private async writeSqlite(rows: PointRow[], latest: PointRow[], hours: HourMark[]): Promise<void> {
    const json = (list: PointRow[]) =>
      JSON.stringify(list.map((r) => [r.gateway_indicator_id, r.ts, r.num_value, r.text_value]));
    await this.db.transaction().execute(async (trx) => {
      // `where true`: without it SQLite would read ON CONFLICT as the join's ON.
      await sql`
        insert into telemetry (gateway_indicator_id, ts, num_value, text_value)
        select value ->> 0, value ->> 1, value ->> 2, value ->> 3 from json_each(${json(rows)}) where true
        on conflict (gateway_indicator_id, ts)
        do update set num_value = excluded.num_value, text_value = excluded.text_value`.execute(trx);
      await sql`
        insert into last_values (gateway_indicator_id, ts, num_value, text_value)
        select value ->> 0, value ->> 1, value ->> 2, value ->> 3 from json_each(${json(latest)}) where true
        on conflict (gateway_indicator_id)
        do update set ts = excluded.ts, num_value = excluded.num_value, text_value = excluded.text_value
        where excluded.ts >= last_values.ts`.execute(trx);
      await sql`
        insert into telemetry_dirty_hours (gateway_indicator_id, hour)
        select value ->> 0, value ->> 1 from json_each(${JSON.stringify(hours.map((h) => [h.gateway_indicator_id, h.hour]))}) where true
        on conflict (gateway_indicator_id, hour)
        do update set version = telemetry_dirty_hours.version + 1`.execute(trx);
    });
  }

  /**
   * PostgreSQL: the whole batch in one statement and one round trip. Each column travels as one
   * array parameter and is unnested, which PostgreSQL ingests several times faster than a
   * multi-row VALUES list (one plan for any batch size, four parameters instead of four per row);
   * the three upserts are data-modifying CTEs, atomic together without a transaction around
   * them (docs/decisions/0029-postgres-time-series.md). Rows go in key order so that two nodes
   * writing the same series lock them in the same order and never deadlock.
   */
  private async writePostgres(rows: PointRow[], latest: PointRow[], hours: HourMark[]): Promise<void> {
    rows.sort(byKey);
    latest.sort((a, b) => a.gateway_indicator_id - b.gateway_indicator_id);
    hours.sort((a, b) => a.gateway_indicator_id - b.gateway_indicator_id || a.hour - b.hour);
    const column = <K extends keyof PointRow>(list: PointRow[], key: K) => list.map((row) => row[key]);
    await sql`
      with points as (
        insert into telemetry (gateway_indicator_id, ts, num_value, text_value)
        select * from unnest(${column(rows, 'gateway_indicator_id')}::integer[], ${column(rows, 'ts')}::bigint[],
                             ${column(rows, 'num_value')}::double precision[], ${column(rows, 'text_value')}::text[])
        on conflict (gateway_indicator_id, ts)
        do update set num_value = excluded.num_value, text_value = excluded.text_value
      ), latest as (
        insert into last_values (gateway_indicator_id, ts, num_value, text_value)
        select * from unnest(${column(latest, 'gateway_indicator_id')}::integer[], ${column(latest, 'ts')}::bigint[],
                             ${column(latest, 'num_value')}::double precision[], ${column(latest, 'text_value')}::text[])
        on conflict (gateway_indicator_id)
        do update set ts = excluded.ts, num_value = excluded.num_value, text_value = excluded.text_value
        where excluded.ts >= last_values.ts
      ), dirty as (
        insert into telemetry_dirty_hours (gateway_indicator_id, hour)
        select * from unnest(${hours.map((h) => h.gateway_indicator_id)}::integer[], ${hours.map((h) => h.hour)}::bigint[])
        on conflict (gateway_indicator_id, hour)
        do update set version = telemetry_dirty_hours.version + 1
      )
      select 1`.execute(this.db);
  }

  async countProblems(gatewayId: number, unknownKeys: number, rejectedValues: number): Promise<void> {
    await this.db
      .updateTable('gateways')
      .set((eb) => ({
        unknown_key_count: eb('unknown_key_count', '+', unknownKeys),
        rejected_value_count: eb('rejected_value_count', '+', rejectedValues),
      }))
      .where('id', '=', gatewayId)
      .execute();
  }

  async setPresence(
    gatewayId: number,
    presence: { onlineStatus?: string; lastSeenAt?: number; clockStatus?: string | null },
  ) {
    const set = {
      ...(presence.onlineStatus !== undefined ? { online_status: presence.onlineStatus } : {}),
      ...(presence.lastSeenAt !== undefined ? { last_seen_at: presence.lastSeenAt } : {}),
      ...(presence.clockStatus !== undefined ? { clock_status: presence.clockStatus } : {}),
    };
    if (Object.keys(set).length > 0)
      await this.db.updateTable('gateways').set(set).where('id', '=', gatewayId).execute();
  }

  /** Gateways marked online whose last traffic, as any node wrote it, is older than `before`. */
  async silentSince(before: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('gateways')
      .select(['id'])
      .where('online_status', '=', 'online')
      .where((eb) => eb.or([eb('last_seen_at', '<', before), eb('last_seen_at', 'is', null)]))
      .execute();
    return rows.map((row) => row.id);
  }

  /** Moves the last-seen time forward only: with an external broker several nodes write it. */
  async touchLastSeen(gatewayId: number, at: number): Promise<void> {
    await this.db
      .updateTable('gateways')
      .set({ last_seen_at: at })
      .where('id', '=', gatewayId)
      .where((eb) => eb.or([eb('last_seen_at', '<', at), eb('last_seen_at', 'is', null)]))
      .execute();
  }

  /** Marks the gateway timed out unless some node has seen it since `before`; answers whether it did. */
  async markTimedOut(gatewayId: number, before: number): Promise<boolean> {
    const result = await this.db
      .updateTable('gateways')
      .set({ online_status: 'offlineTimeout' })
      .where('id', '=', gatewayId)
      .where('online_status', '=', 'online')
      .where((eb) => eb.or([eb('last_seen_at', '<', before), eb('last_seen_at', 'is', null)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** On start no device is connected yet: whoever was online is offline until it speaks again. */
  async resetPresence(): Promise<void> {
    await this.db
      .updateTable('gateways')
      .set({ online_status: 'offlineNormal' })
      .where('online_status', '=', 'online')
      .execute();
  }
}

/**
 * Marks hours for the rollup job. The version moves on every write, so a recomputation that read
 * the hour before this write does not clear the mark (it clears only the version it saw).
 */
export async function markHoursDirty(
  db: Kysely<Database>,
  hours: { gateway_indicator_id: number; hour: number }[],
): Promise<void> {
  for (let i = 0; i < hours.length; i += 1000) {
    await db
      .insertInto('telemetry_dirty_hours')
      .values(hours.slice(i, i + 1000))
      .onConflict((oc) =>
        oc
          .columns(['gateway_indicator_id', 'hour'])
          .doUpdateSet((eb) => ({ version: eb('telemetry_dirty_hours.version', '+', 1) })),
      )
      .execute();
  }
}
