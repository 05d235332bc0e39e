import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * `column` contains `keyword`, ignoring case, with % and _ taken literally — the same on SQLite
 * (whose LIKE ignores ASCII case) and PostgreSQL (whose LIKE does not).
 */
export function containsText(column: string, keyword: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(keyword)} escape '\\'`;
}

/** The LIKE pattern (escape `\`) of `containsText`: the keyword lowered, % _ and \ taken literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
