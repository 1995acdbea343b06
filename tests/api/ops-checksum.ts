import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Row count and an order-independent checksum of one table, comparable across engines: values are
 * compared as text (PostgreSQL answers bigints as strings), bytes as hex.
 */
export async function tableChecksum(db: Kysely<any>, table: string): Promise<{ rows: number; checksum: string }> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
  const lines = rows
    .map((row) =>
      JSON.stringify(
        Object.keys(row)
          .sort()
          .map((key) => [key, row[key] == null ? null : Buffer.isBuffer(row[key]) ? (row[key] as Buffer).toString('hex') : String(row[key])]),
      ),
    )
    .sort();
  return { rows: rows.length, checksum: createHash('sha256').update(lines.join('\n')).digest('hex') };
}
