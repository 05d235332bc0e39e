import { type Kysely, sql } from 'kysely';

/** Partitions of the time-series table are one UTC day of `ts` (epoch ms) each. */
export const DAY = 86_400_000;

/** A partition of a range-partitioned table; `from` null means MINVALUE. */
export interface Partition {
  name: string;
  from: number | null;
  to: number | null;
  isDefault: boolean;
}

/** By lower bound, the default partition last. */
const order = (p: Partition) =>
  p.isDefault ? Number.POSITIVE_INFINITY : (p.from ?? Number.NEGATIVE_INFINITY);

/** Waits this long at most for a lock on the parent, so ingest is never held up behind us. */
const LOCK_TIMEOUT = '5s';

/** `telemetry_20260115` for the day starting at `from` (UTC). */
export function partitionName(table: string, from: number): string {
  return `${table}_${new Date(from).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** The partitions of `table` (PostgreSQL), in the schema the connection's search path finds it. */
export async function partitionsOf<DB>(db: Kysely<DB>, table: string): Promise<Partition[]> {
  const { rows } = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(${table})`.execute(db);
  return rows
    .map((row) => {
      const range = /FROM \((.+?)\) TO \((.+?)\)/.exec(row.bound);
      const value = (text: string | undefined) =>
        text === undefined || /^MINVALUE$|^MAXVALUE$/i.test(text) ? null : Number(text.replaceAll("'", ''));
      return {
        name: row.name,
        from: value(range?.[1]),
        to: value(range?.[2]),
        isDefault: row.bound === 'DEFAULT',
      };
    })
    .sort((a, b) => order(a) - order(b));
}

/**
 * Adds the partition [from, to). Rows already in the default partition for that range (points
 * from a clock running ahead) move into it in the same transaction. Created apart and attached,
 * because ATTACH takes only a SHARE UPDATE EXCLUSIVE lock on the parent where CREATE … PARTITION
 * OF takes an exclusive one: writes go on meanwhile.
 */
export async function addPartition<DB>(
  db: Kysely<DB>,
  table: string,
  from: number,
  to: number,
): Promise<string> {
  const name = partitionName(table, from);
  await inTransaction(db, async (trx) => {
    await sql`set local lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(trx);
    await sql`create table ${sql.id(name)} (like ${sql.id(table)} including defaults including constraints including indexes)`.execute(
      trx,
    );
    await sql`
      with moved as (
        delete from ${sql.id(`${table}_default`)} where ts >= ${from} and ts < ${to} returning *
      )
      insert into ${sql.id(name)} select * from moved`.execute(trx);
    await sql`alter table ${sql.id(table)} attach partition ${sql.id(name)}
              for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
  });
  return name;
}

/** Drops a partition with everything in it; gives up (to try again later) if its lock is not had at once. */
export async function dropPartition<DB>(db: Kysely<DB>, name: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await sql`set local lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(trx);
    await sql`drop table ${sql.id(name)}`.execute(trx);
  });
}

/** In the caller's transaction if it has one (a migration), else in a new one. */
function inTransaction<DB>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<void>): Promise<void> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
