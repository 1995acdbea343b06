import type { Db } from '../../db/database';

/** Every setting one person keeps, as stored (JSON text by key). */
export function listPreferences(db: Db, adminId: number) {
  return db.selectFrom('list_preferences').select(['key', 'value']).where('admin_id', '=', adminId).orderBy('key').execute();
}

/** How many settings the person keeps, not counting `key` (which a save replaces rather than adds). */
export async function countOtherPreferences(db: Db, adminId: number, key: string): Promise<number> {
  const row = await db
    .selectFrom('list_preferences')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('admin_id', '=', adminId)
    .where('key', '!=', key)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Writes one setting of one person, replacing what the key held. */
export async function savePreference(db: Db, adminId: number, key: string, value: string, now: string): Promise<void> {
  await db
    .insertInto('list_preferences')
    .values({ admin_id: adminId, key, value, updated_at: now })
    .onConflict((conflict) => conflict.columns(['admin_id', 'key']).doUpdateSet({ value, updated_at: now }))
    .execute();
}

/** Removes one setting of one person; removing one that is not there changes nothing. */
export async function removePreference(db: Db, adminId: number, key: string): Promise<void> {
  await db.deleteFrom('list_preferences').where('admin_id', '=', adminId).where('key', '=', key).execute();
}
