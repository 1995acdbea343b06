import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AUTHORITY_RANKS, type Authority } from '../../src/shared';
import { isSessionEndReason, type SessionEndReason } from '../../src/shared/session-end';
import { AppError } from '../http/app-error';
import { displayName } from './accounts';
import { sentence, type ServerMessage } from '../../src/i18n/serverMessage';

/** The 401's message for each reason (the browser shows its own words for the reason code). */
const SESSION_ENDED: Record<SessionEndReason, ServerMessage> = {
  PASSWORD_CHANGED: sentence('auth.signedOutPasswordChanged'),
  PASSWORD_RESET: sentence('auth.signedOutPasswordReset'),
  DEACTIVATED: sentence('auth.signedOutDeactivated'),
  SIGNED_OUT: sentence('auth.signedOutOfThisSession'),
  REFRESH_TOKEN_REUSED: sentence('auth.thisSignInTokenWas'),
};

/**
 * Verifies the Bearer token, then checks that its session is alive and the account still active
 * and approved, as the database holds them now (server/auth/live-sessions.ts, cached until a change
 * is published): that is what makes sign-out, deactivation and a revoked permission immediate.
 * An account whose handed-over password is still unchanged is answered nothing either.
 */
export async function authenticate(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token) throw new AppError('TOKEN_UNAUTHORIZED', sentence('auth.signInToContinue'));
  const { ctx } = request.server;
  const claims = await ctx.tokens.verifyAccessToken(token);
  const row = await ctx.sessions.find(String(claims.sid));
  if (!row || row.revoked_at || row.status_code !== 'ACTIVE' || row.must_change_password === 'Y' || row.approval_status_code !== 'APPROVED' || row.id !== claims['user-id']) {
    throw sessionEnded(row?.revoked_at ? row.revoke_reason : null);
  }
  request.admin = {
    id: row.id,
    email: row.email,
    name: displayName(row),
    authority: row.authority,
    rank: AUTHORITY_RANKS[row.authority as Authority]?.rank ?? 10,
    regionCode: row.region_code,
    countries: claims.local ?? [],
    approver: row.approver_flag === 'Y',
    creator: row.creator_flag === 'Y',
    uploader: row.uploader_flag === 'Y',
    sessionId: claims.sid,
  };
}

/** The 401 of an ended session: with a known reason its data says why ({reason}), else data is null. */
export function sessionEnded(reason: string | null | undefined): AppError {
  if (!isSessionEndReason(reason)) return new AppError('ADMIN_ACCESS_TOKEN_NOT_MATCHED', sentence('auth.yourSessionHasEndedPlease'));
  return new AppError('ADMIN_ACCESS_TOKEN_NOT_MATCHED', SESSION_ENDED[reason], { reason });
}

export const FORBIDDEN_MESSAGE = sentence('auth.youAreNotAuthorizedTo');

/** preHandler allowing callers whose rank number is at most `requiredRank`. */
export function requireRank(requiredRank: number): preHandlerAsyncHookHandler {
  return async function rankGuard(request) {
    if (!request.admin) await authenticate(request);
    refuseBelowRank(request, requiredRank);
  };
}

/** The rank check of an authenticated caller (one a link admitted, too): 403 above `requiredRank`. */
export function refuseBelowRank(request: FastifyRequest, requiredRank: number): void {
  if (request.admin!.rank > requiredRank) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
}
