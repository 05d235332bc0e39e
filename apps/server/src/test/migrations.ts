import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '../platform/db/connect.js';
import { migrateToLatest } from '../platform/db/migrate.js';

/** A database migrated up to `target`, on the dialect under test; `drop` removes it. */
export async function databaseAt(
  target: string,
): Promise<{ handle: DatabaseHandle; migrate: () => Promise<string[]>; drop: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const handle = connectDatabase({ databaseUrl: url, databaseSchema: schema, dataDir: tmpdir() });
    await migrateToLatest(handle.db, 'postgres', schema, target);
    return {
      handle,
      migrate: () => migrateToLatest(handle.db, 'postgres', schema),
      drop: async () => {
        await handle.destroy();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'migration-'));
  const handle = connectDatabase({ databaseUrl: undefined, databaseSchema: undefined, dataDir });
  await migrateToLatest(handle.db, 'sqlite', undefined, target);
  return {
    handle,
    migrate: () => migrateToLatest(handle.db, 'sqlite'),
    drop: async () => {
      await handle.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
