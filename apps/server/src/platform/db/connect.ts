import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import {
  Kysely,
  type PostgresCursor,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';
import { startCheckpointer } from './checkpointer.js';
import { rethrowDatabaseError } from './outage.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** SQLite only: see SqliteHandleLender. */
  withSqliteHandle?: SqliteHandleLender;
  destroy(): Promise<void>;
}

/**
 * Lends the better-sqlite3 handle to `work` while holding Kysely's one SQLite connection, so no Kysely
 * transaction is open meanwhile (one left open across an await would otherwise swallow the work's
 * statements). For a hot path that prepares its statement once and runs it row by row in one
 * transaction: half the cost of a multi-row INSERT that Kysely builds and SQLite prepares anew each
 * time (the operation log, decision 0038). `work` must be synchronous.
 */
export type SqliteHandleLender = <T>(work: (sqlite: SQLite.Database) => T) => Promise<T>;

// PostgreSQL answers bigint (int8) and numeric as strings; our ids and epoch-ms times fit a double.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

/** How long a request waits for a connection before it is answered "database unavailable". */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Opens the configured database: PostgreSQL for a postgres:// URL, else a SQLite file in dataDir.
 * A PostgreSQL that goes away (restart, failover, network) never ends the process: the pool's and
 * every client's error events are handled, failures reach the callers marked as an outage
 * (outage.ts), and new connections are made once it is back (decision 0027).
 */
export function connectDatabase(
  options: {
    databaseUrl: string | undefined;
    databaseSchema: string | undefined;
    dataDir: string;
  },
  log?: FastifyBaseLogger,
): DatabaseHandle {
  if (options.databaseUrl?.startsWith('postgres')) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A peer gone without a word (a failover, a cut network) is noticed by TCP keep-alive.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // No JIT: on a query over many day partitions it compiled every partition's scan — 24 s for a
      // read of 350 ms (decision 0029). Our queries are short; compiling them never pays.
      options: [
        '-c jit=off',
        ...(options.databaseSchema ? [`-c search_path=${options.databaseSchema}`] : []),
      ].join(' '),
    });
    // Every client's own listener: a checked-out client whose server goes away between statements
    // emits 'error' with no pool listener attached; the next query fails and the pool drops the
    // client when it is released. Without a listener either event would end the process.
    pool.on('connect', (client) => {
      client.on('error', (error) => log?.warn({ err: error }, 'database connection lost'));
    });
    // An idle client's failure comes here too (the pool drops it); its own listener logged it.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: markingPool(pool) }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  if (options.databaseUrl)
    throw new Error('DATABASE_URL must start with postgres:// (or be absent for SQLite)');
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'iot.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Checkpoints happen in a worker thread, off the event loop (checkpointer.ts).
  sqlite.pragma('wal_autocheckpoint = 0');
  const checkpointer = startCheckpointer(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    dialect: 'sqlite',
    withSqliteHandle: (work) => db.connection().execute(async () => work(sqlite)),
    destroy: async () => {
      await checkpointer.stop();
      await db.destroy();
    },
  };
}

/** The pool as Kysely sees it, with outage failures marked on their way out (outage.ts). */
function markingPool(pool: pg.Pool): PostgresPool {
  // Kysely keeps one connection object per client it is handed: hand it the same wrapper each time.
  const wrappers = new WeakMap<pg.PoolClient, MarkingClient>();
  return {
    async connect() {
      const client = await pool.connect().catch(rethrowDatabaseError);
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = new MarkingClient(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

class MarkingClient implements PostgresPoolClient {
  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    input: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // No cursor is configured on the dialect, so Kysely never streams through here.
    if (typeof input !== 'string') throw new Error('query streaming is not configured');
    return this.client.query(input, [...parameters]).then(
      (result) => ({
        command: result.command as PostgresQueryResult<R>['command'],
        rowCount: result.rowCount ?? 0,
        rows: result.rows as R[],
      }),
      rethrowDatabaseError,
    );
  }

  release(): void {
    this.client.release();
  }
}
