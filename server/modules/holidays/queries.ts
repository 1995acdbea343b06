import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * A holiday of the same name (any case) on the same day in the same country (or both without one):
 * the same holiday twice. Checked here rather than by a unique index, which rows stored before the
 * check may break.
 */
export function findHolidayOnDay(db: Db, { date, country, name }: { date: string; country?: string | null; name: string }) {
  return db
    .selectFrom('holidays')
    .select('id')
    .where('date', '=', date)
    .where((eb) => (country ? eb('country', '=', country) : eb('country', 'is', null)))
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}
