import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** What containsText looks for: the text lower-cased, LIKE's wildcards in it escaped, between two `%`. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Whether `expression` holds the text of `pattern` (a containsPattern, or a prepared statement's
 * slot for one), whatever its case. The pattern is bound through a cast: bound straight to LIKE,
 * it expires its statement (SQLite's planner may use a pattern's fixed prefix), so SQLite prepared
 * every search again on each run; a contains pattern has no prefix to use.
 */
export function containsText(expression: Expression<unknown> | RawBuilder<unknown>, pattern: unknown): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${expression}) like cast(${pattern} as text) escape '\\'`;
}
