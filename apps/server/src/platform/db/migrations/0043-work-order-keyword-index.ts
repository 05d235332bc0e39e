import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * An index for the work-order list's keyword (part of the title, code or description; decision 0059).
 * The list keeps its meaning, `lower(column) LIKE '%keyword%'` on any of the three; the index only
 * finds the candidates faster, for keywords of three characters or more (trigrams).
 * - PostgreSQL: the pg_trgm extension (in `public`, shared by every schema of the database) and a GIN
 *   index on the three lowered columns; the planner uses it for the existing LIKE. If the extension
 *   cannot be created here (not installed, or no right to create it) the migration goes on without
 *   the index, and keyword searches read the project's orders as before (slower, same results).
 * - SQLite: an FTS5 table with the trigram tokenizer over the same columns (`work_orders_search`,
 *   external content, kept by triggers); the list asks it for candidate ids and then applies the LIKE.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    // Migrations run in one transaction: a failed CREATE EXTENSION must not abort it.
    // (Another schema's migration creating it at the same moment also fails here, and then it exists.)
    await sql`savepoint work_order_trigram`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await sql`release savepoint work_order_trigram`.execute(db);
    } catch {
      await sql`rollback to savepoint work_order_trigram`.execute(db);
    }
    const installed = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`.execute(db);
    const schema = installed.rows[0]?.schema;
    if (schema === undefined) return;
    const opclass = sql.raw(`${quoteIdent(schema)}.gin_trgm_ops`);
    await sql`create index work_orders_keyword on work_orders using gin
      (lower(title) ${opclass}, lower(code) ${opclass}, lower(description) ${opclass})`.execute(db);
    return;
  }
  await sql`create virtual table work_orders_search using fts5(
    title, code, description, content='work_orders', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create trigger work_orders_search_insert after insert on work_orders begin
    insert into work_orders_search (rowid, title, code, description)
    values (new.id, new.title, new.code, new.description);
  end`.execute(db);
  await sql`create trigger work_orders_search_delete after delete on work_orders begin
    insert into work_orders_search (work_orders_search, rowid, title, code, description)
    values ('delete', old.id, old.title, old.code, old.description);
  end`.execute(db);
  await sql`create trigger work_orders_search_update after update of title, code, description on work_orders begin
    insert into work_orders_search (work_orders_search, rowid, title, code, description)
    values ('delete', old.id, old.title, old.code, old.description);
    insert into work_orders_search (rowid, title, code, description)
    values (new.id, new.title, new.code, new.description);
  end`.execute(db);
  await sql`insert into work_orders_search (work_orders_search) values ('rebuild')`.execute(db);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
