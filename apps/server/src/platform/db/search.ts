import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * `column` contains `keyword`, ignoring case, with % and _ taken literally — the same on SQLite
 * (whose LIKE ignores ASCII case) and PostgreSQL (whose LIKE does not).
 */
export function containsText(column: string, keyword: string): Expression<SqlBool> {
  const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
