import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { isoAfter, isoNow } from '../clock';
import { OTP_MAX_WRONG_TRIES, OTP_TTL_SECONDS } from '../../src/shared';
import { hashToken, newOpaqueToken } from './secrets';

/** Issues an X-OTP-Token for the account, living as long as a code does; only its hash is stored. */
export async function issueOtpToken(db: Db, clock: Clock, adminId: number): Promise<string> {
  const token = newOpaqueToken();
  await db
    .insertInto('otp_tokens')
    .values({ admin_id: adminId, token_hash: hashToken(token), expires_at: isoAfter(clock, OTP_TTL_SECONDS * 1000), created_at: isoNow(clock) })
    .execute();
  return token;
}

/** The account's X-OTP-Token row when it is unspent, unexpired and has wrong current passwords left. */
export function liveOtpToken(db: Db, clock: Clock, adminId: number, token: string) {
  return db
    .selectFrom('otp_tokens')
    .select(['id'])
    .where('token_hash', '=', hashToken(token))
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', isoNow(clock))
    .where('attempts', '<', OTP_MAX_WRONG_TRIES)
    .executeTakeFirst();
}

export async function countOtpTokenMiss(db: Db, id: number): Promise<void> {
  await db.updateTable('otp_tokens').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', id).execute();
}

/** Marks the token spent; false when a concurrent request spent it first. */
export async function spendOtpToken(db: Db, id: number, now: string): Promise<boolean> {
  const spent = await db.updateTable('otp_tokens').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}
