import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite checkpointer', () => {
  it('moves committed pages from the WAL into the database file off the main thread', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'iot-checkpoint-'));
    dirs.push(dataDir);
    const handle = connectDatabase({ databaseUrl: undefined, databaseSchema: undefined, dataDir });
    const file = path.join(dataDir, 'iot.db');
    await sql`create table t (id integer primary key, v text)`.execute(handle.db);
    const before = statSync(file).size;
    // About 2 MB of rows: the server's connection alone never checkpoints, so they stay in the WAL …
    for (let i = 0; i < 20; i++) {
      await sql`insert into t (v) select hex(randomblob(50)) from (with recursive c(n) as (select 1 union all select n + 1 from c where n < 1000) select n from c)`.execute(
        handle.db,
      );
    }
    // … until the worker's next round copies them into the database file.
    await expect.poll(() => statSync(file).size, { timeout: 5000 }).toBeGreaterThan(before + 1_000_000);
    await handle.destroy();
    // Closing leaves no log behind.
    expect(() => statSync(`${file}-wal`)).toThrow();
  });
});
