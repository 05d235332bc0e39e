import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { startCheckpointer } from './checkpointer.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

// PostgreSQL answers bigint (int8) and numeric as strings; our ids and epoch-ms times fit a double.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

/** Opens the configured database: PostgreSQL for a postgres:// URL, else a SQLite file in dataDir. */
export function connectDatabase(options: {
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  dataDir: string;
}): DatabaseHandle {
  if (options.databaseUrl?.startsWith('postgres')) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.databaseSchema ? { options: `-c search_path=${options.databaseSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
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
    destroy: async () => {
      await checkpointer.stop();
      await db.destroy();
    },
  };
}
