import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { countriesOf, findAdminById } from '../auth/accounts';
import { authenticate, sessionEnded } from '../auth/guard';
import { isoNow } from '../clock';
import { AppError } from '../http/app-error';
import { spendLink } from './queries';
import { sentence } from '../../src/i18n/serverMessage';

/**
 * Every link the server hands out that the browser opens without the Bearer header (an <img>, a
 * download): the route it opens, how long it lives, and whether opening it is one act (an export,
 * used once) or a file shown again and again for its hour. The OpenAPI document's link operations
 * are read from here, and tests/api/links.spec.ts tries each one.
 */
export const LINK_KINDS = {
  file: { route: 'GET /api/files/{fileId}', seconds: 60 * 60, singleUse: false },
  'upload-original': { route: 'GET /api/uploads/{id}/file', seconds: 60 * 60, singleUse: false },
  'activity-export': { route: 'GET /api/activity/export', seconds: 120, singleUse: true },
  'system-logs-export': { route: 'GET /api/system-logs/export', seconds: 120, singleUse: true },
  'explorer-export': { route: 'GET /api/explorer/export', seconds: 120, singleUse: true },
} as const satisfies Record<string, { route: string; seconds: number; singleUse: boolean }>;

export type LinkKind = keyof typeof LINK_KINDS;

/** What a link was made for, as signed: the person's session, the thing it opens, and the route's own details (a filter). */
export type LinkClaims = { sub: string; sid: string; jti: string; kind: LinkKind; what: string; exp: number } & Record<string, unknown>;

export const LINK_NOT_VALID = sentence('links.thisLinkHasExpired');
export const LINK_USED = sentence('links.thisDownloadLinkHasAlreadyBeenUsed');

/**
 * The link to `what` (a file id, an upload id; nothing for an export, whose claims say what it
 * holds) for the person asking, bound to their session. The activity log keeps such a link as its
 * path without the token (its recorder strips it).
 */
export async function issueLink(request: FastifyRequest, kind: LinkKind, what = '', claims: Record<string, unknown> = {}): Promise<string> {
  const { route, seconds } = LINK_KINDS[kind];
  const path = route.slice(route.indexOf(' ') + 1).replace(/\{\w+\}/, encodeURIComponent(what));
  const admin = request.admin;
  if (!admin) return path;
  const token = await request.server.ctx.tokens.signProof('link', String(admin.id), seconds, { ...claims, kind, what, sid: admin.sessionId, jti: randomUUID() });
  return `${path}?token=${encodeURIComponent(token)}`;
}

/**
 * Opens a link as the API call it stands for: the signature and expiry, then the session it was made
 * for, checked by the same guard as a Bearer call (live, account active and approved, current rank,
 * flags and countries), then the route's own read check as that person now, and last, for a
 * single-use link, its id recorded as used. Sets request.admin as the guard does; answers the claims
 * and what the read check answered (the table it found readable).
 * 401 for a link that is not valid or whose session ended, 403 for a right taken away, 410 once used.
 */
export async function redeemLink<Granted>(
  request: FastifyRequest,
  kind: LinkKind,
  token: string,
  what: string | undefined,
  mayRead: (claims: LinkClaims) => Promise<Granted>,
): Promise<{ claims: LinkClaims; granted: Granted }> {
  const { ctx } = request.server;
  const claims = (await ctx.tokens.verifyProof('link', token).catch(() => undefined)) as LinkClaims | undefined;
  if (!claims || claims.kind !== kind || typeof claims.sid !== 'string' || typeof claims.jti !== 'string' || (what !== undefined && claims.what !== what)) {
    throw new AppError('TOKEN_UNAUTHORIZED', LINK_NOT_VALID);
  }
  await admitSession(request, claims);
  const granted = await mayRead(claims);
  if (LINK_KINDS[kind].singleUse && !(await spendLink(ctx.db, claims.jti, isoNow(ctx.clock), new Date(claims.exp * 1000).toISOString()))) {
    throw new AppError('LINK_USED', LINK_USED);
  }
  return { claims, granted };
}

/**
 * The link's session, admitted by the Bearer guard itself: an access token made now from the account
 * as it is now, so whatever the guard and the route read of the caller (rank, flags, countries, a
 * record read through the API as them) is the person's current standing, never the link's copy.
 */
async function admitSession(request: FastifyRequest, claims: LinkClaims): Promise<void> {
  const { ctx } = request.server;
  const session = await ctx.sessions.find(claims.sid);
  if (!session || session.revoked_at || String(session.id) !== claims.sub) throw sessionEnded(session?.revoked_at ? session.revoke_reason : null);
  const admin = await findAdminById(ctx.db, session.id);
  if (!admin) throw sessionEnded(null);
  request.headers.authorization = `Bearer ${await ctx.tokens.signAccessToken(admin, claims.sid, await countriesOf(ctx.db, admin.id))}`;
  await authenticate(request);
}
