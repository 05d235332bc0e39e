import { CELL_MISSES_SHOWN, type CellMiss } from '@iot/contracts/maps';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { CellRow } from './cell-csv.js';

/** A cell as a gateway reports it. */
export interface CellKey {
  mcc: number;
  mnc: number;
  lac: number;
  cellId: number;
}

/** A cell's position (WGS-84) and how far its signal reaches. */
export interface CellPosition {
  lng: number;
  lat: number;
  rangeM: number;
}

/** cell_towers and cell_misses (migration 0052). */
export class CellsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores cells, a later row of the same cell replacing the earlier one. */
  async upsert(rows: CellRow[], source: 'import' | 'online', now: number): Promise<void> {
    // PostgreSQL refuses one statement touching a row twice: the last of a cell wins before it.
    const unique = new Map(rows.map((r) => [`${r.mcc}:${r.mnc}:${r.lac}:${r.cellId}`, r]));
    const values = [...unique.values()].map((r) => ({
      mcc: r.mcc,
      mnc: r.mnc,
      lac: r.lac,
      cell_id: r.cellId,
      radio: r.radio,
      lng: r.lng,
      lat: r.lat,
      range_m: r.rangeM,
      source,
      updated_at: now,
    }));
    if (!values.length) return;
    await this.db
      .insertInto('cell_towers')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['mcc', 'lac', 'cell_id', 'mnc']).doUpdateSet((eb) => ({
          radio: eb.ref('excluded.radio'),
          lng: eb.ref('excluded.lng'),
          lat: eb.ref('excluded.lat'),
          range_m: eb.ref('excluded.range_m'),
          source: eb.ref('excluded.source'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  /**
   * The cell's position: the exact cell, or — when the MNC was not the cell's (a gateway on another
   * operator than the configured one) — the only cell with that LAC and cell id in the country.
   */
  async find(key: CellKey): Promise<CellPosition | undefined> {
    const rows = await this.db
      .selectFrom('cell_towers')
      .select(['mnc', 'lng', 'lat', 'range_m'])
      .where('mcc', '=', key.mcc)
      .where('lac', '=', key.lac)
      .where('cell_id', '=', key.cellId)
      .limit(3)
      .execute();
    const row = rows.find((r) => r.mnc === key.mnc) ?? (rows.length === 1 ? rows[0] : undefined);
    return row ? { lng: row.lng, lat: row.lat, rangeM: row.range_m } : undefined;
  }

  async counts(): Promise<{ imported: number; learnt: number }> {
    const rows = await this.db
      .selectFrom('cell_towers')
      .select(['source', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('source')
      .execute();
    const of = (source: string) => Number(rows.find((r) => r.source === source)?.n ?? 0);
    return { imported: of('import'), learnt: of('online') };
  }

  /** A report of a cell nobody knew: counted, with the gateway that made it last. */
  async noteMiss(key: CellKey, gatewayId: number, at: number): Promise<void> {
    await this.db
      .insertInto('cell_misses')
      .values({
        mcc: key.mcc,
        mnc: key.mnc,
        lac: key.lac,
        cell_id: key.cellId,
        gateway_id: gatewayId,
        count: 1,
        last_at: at,
      })
      .onConflict((oc) =>
        oc.columns(['mcc', 'lac', 'cell_id', 'mnc']).doUpdateSet({
          count: sql`cell_misses.count + 1`,
          gateway_id: gatewayId,
          last_at: at,
        }),
      )
      .execute();
  }

  /** A cell found at last (imported since, or answered online) is no longer unknown. */
  async forgetMiss(key: CellKey): Promise<void> {
    await this.db
      .deleteFrom('cell_misses')
      .where('mcc', '=', key.mcc)
      .where('mnc', '=', key.mnc)
      .where('lac', '=', key.lac)
      .where('cell_id', '=', key.cellId)
      .execute();
  }

  /** After an import: the misses the table now knows are dropped. */
  async dropKnownMisses(): Promise<void> {
    await this.db
      .deleteFrom('cell_misses')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('cell_towers as t')
            .select('t.mcc')
            .whereRef('t.mcc', '=', 'cell_misses.mcc')
            .whereRef('t.lac', '=', 'cell_misses.lac')
            .whereRef('t.cell_id', '=', 'cell_misses.cell_id'),
        ),
      )
      .execute();
  }

  async misses(): Promise<{ cells: number; reports: number; recent: CellMiss[] }> {
    const total = await this.db
      .selectFrom('cell_misses')
      .select([
        (eb) => eb.fn.countAll<number>().as('cells'),
        (eb) => eb.fn.sum<number>('count').as('reports'),
      ])
      .executeTakeFirst();
    const rows = await this.db
      .selectFrom('cell_misses as m')
      .leftJoin('gateways as g', 'g.id', 'm.gateway_id')
      .select([
        'm.mcc',
        'm.mnc',
        'm.lac',
        'm.cell_id',
        'm.gateway_id',
        'm.count',
        'm.last_at',
        'g.alias',
        'g.serial_number',
      ])
      .orderBy('m.last_at', 'desc')
      .limit(CELL_MISSES_SHOWN)
      .execute();
    return {
      cells: Number(total?.cells ?? 0),
      reports: Number(total?.reports ?? 0),
      recent: rows.map((r) => ({
        mcc: r.mcc,
        mnc: r.mnc,
        lac: r.lac,
        cellId: Number(r.cell_id),
        gatewayId: r.gateway_id,
        gatewayName: r.alias || r.serial_number || '',
        count: r.count,
        lastAt: Number(r.last_at),
      })),
    };
  }
}
