import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';

/**
 * Records a single-use link as used; false when it already was (on any instance: the primary key
 * decides). Links past their expiry are forgotten on the way, as their signature refuses them anyway.
 */
export async function spendLink(db: Db, jti: string, now: string, expiresAt: string): Promise<boolean> {
  await db.deleteFrom('used_links').where('expires_at', '<', now).execute();
  try {
    await db.insertInto('used_links').values({ jti, used_at: now, expires_at: expiresAt }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
