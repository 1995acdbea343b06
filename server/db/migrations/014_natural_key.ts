import { sql, type Kysely } from 'kysely';
import { isSqlite } from './columns';

/**
 * natural_key(text) on PostgreSQL, the same key as server/db/natural-key.ts (SQLite registers that
 * one on its connection): runs of digits left-padded to 20, longer runs kept whole.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`
    create or replace function natural_key(value text) returns text language sql immutable parallel safe as $$
      select case when value is null then null else coalesce(string_agg(
        case when part ~ '^[0-9]' then lpad(part, greatest(20, length(part)), '0') else part end, '' order by position), '') end
      from regexp_matches(coalesce(value, ''), '[0-9]+|[^0-9]+', 'g') with ordinality as matches(parts, position), unnest(parts) as part
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) await sql`drop function if exists natural_key(text)`.execute(db);
}
