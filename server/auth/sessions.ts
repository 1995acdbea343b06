import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import { isoAfter, isoNow } from '../clock';
import { AppError } from '../http/app-error';
import { sessionEnded } from './guard';
import { hashToken, newOpaqueToken } from './secrets';
import { countriesOf, findAdminById } from './accounts';
import type { TokenPair } from '../../src/shared';
import { sentence } from '../../src/i18n/serverMessage';

/**
 * A session is a refresh-token family. Refresh tokens rotate on every reissue; presenting one
 * that was already used means it leaked, so the whole family is revoked.
 */
export async function startSession(ctx: AppContext, adminId: number, sourceIp: string | null, userAgent: string | null): Promise<TokenPair> {
  const sessionId = randomUUID();
  const now = isoNow(ctx.clock);
  const refreshToken = newOpaqueToken();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sessions')
      .values({ id: sessionId, admin_id: adminId, created_at: now, last_used_at: now, source_ip: sourceIp, user_agent: userAgent?.slice(0, 300) ?? null })
      .execute();
    await trx
      .insertInto('refresh_tokens')
      .values({ session_id: sessionId, token_hash: hashToken(refreshToken), created_at: now, expires_at: isoAfter(ctx.clock, ctx.config.refreshTokenTtlSeconds * 1000) })
      .execute();
  });
  return { accessToken: await accessTokenFor(ctx, adminId, sessionId), refreshToken };
}

async function accessTokenFor(ctx: AppContext, adminId: number, sessionId: string): Promise<string> {
  const admin = await findAdminById(ctx.db, adminId);
  if (!admin) throw new AppError('ADMIN_ACCESS_TOKEN_NOT_MATCHED', sentence('auth.yourSessionHasEndedPlease'));
  return ctx.tokens.signAccessToken(admin, sessionId, await countriesOf(ctx.db, adminId));
}

export async function reissue(ctx: AppContext, refreshToken: string): Promise<TokenPair> {
  const now = isoNow(ctx.clock);
  const next = newOpaqueToken();
  let reusedSessionId: string | undefined;
  let endedBecause: string | null = null;
  const sessionId = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      .innerJoin('admins', 'admins.id', 'sessions.admin_id')
      .select(['refresh_tokens.id', 'refresh_tokens.session_id', 'refresh_tokens.used_at', 'refresh_tokens.expires_at', 'sessions.revoked_at', 'sessions.revoke_reason', 'admins.status_code'])
      .where('refresh_tokens.token_hash', '=', hashToken(refreshToken))
      .executeTakeFirst();
    if (row?.revoked_at) endedBecause = row.revoke_reason;
    if (!row || row.revoked_at || row.expires_at <= now || row.status_code !== 'ACTIVE') return null;
    if (row.used_at) {
      reusedSessionId = row.session_id;
      await trx.updateTable('sessions').set({ revoked_at: now, revoke_reason: 'REFRESH_TOKEN_REUSED' }).where('id', '=', row.session_id).execute();
      return 'reused' as const;
    }
    // The used_at guard makes two concurrent reissues with the same token race to one winner.
    const claimed = await trx.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    await trx
      .insertInto('refresh_tokens')
      .values({ session_id: row.session_id, token_hash: hashToken(next), created_at: now, expires_at: isoAfter(ctx.clock, ctx.config.refreshTokenTtlSeconds * 1000) })
      .execute();
    await trx.updateTable('sessions').set({ last_used_at: now }).where('id', '=', row.session_id).execute();
    return row.session_id;
  });
  if (sessionId === 'reused') {
    await ctx.sessions.changed({ sessionId: reusedSessionId! });
    throw new AppError('ADMIN_ACCESS_TOKEN_NOT_MATCHED', sentence('auth.thisSignInTokenWas'));
  }
  if (!sessionId) throw sessionEnded(endedBecause);
  const session = await ctx.db.selectFrom('sessions').select('admin_id').where('id', '=', sessionId).executeTakeFirstOrThrow();
  return { accessToken: await accessTokenFor(ctx, session.admin_id, sessionId), refreshToken: next };
}

export async function revokeSession(ctx: AppContext, sessionId: string, reason: string): Promise<void> {
  await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: isoNow(ctx.clock), revoke_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  await ctx.sessions.changed({ sessionId });
}

export async function revokeSessionByRefreshToken(ctx: AppContext, refreshToken: string, reason: string): Promise<void> {
  const row = await ctx.db.selectFrom('refresh_tokens').select('session_id').where('token_hash', '=', hashToken(refreshToken)).executeTakeFirst();
  if (row) await revokeSession(ctx, row.session_id, reason);
}

/** Ends every session of an admin (password reset, deactivation), optionally keeping the caller's. */
export async function revokeAllSessions(ctx: AppContext, adminId: number, reason: string, keepSessionId?: string): Promise<void> {
  let query = ctx.db
    .updateTable('sessions')
    .set({ revoked_at: isoNow(ctx.clock), revoke_reason: reason })
    .where('admin_id', '=', adminId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
  await ctx.sessions.changed({ adminId });
}
