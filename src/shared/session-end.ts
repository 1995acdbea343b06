/**
 * Why a session was ended, carried as `data.reason` of the 401 (ADMIN_ACCESS_TOKEN_NOT_MATCHED) its
 * next request gets, so the sign-in page can say why (console.signIn.ended.<reason>). The values are
 * the sessions.revoke_reason codes the server writes. Zod-free: the sign-in page imports it.
 */
export const SESSION_END_REASONS = ['PASSWORD_CHANGED', 'PASSWORD_RESET', 'DEACTIVATED', 'SIGNED_OUT', 'REFRESH_TOKEN_REUSED'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const isSessionEndReason = (value: unknown): value is SessionEndReason => (SESSION_END_REASONS as readonly unknown[]).includes(value);
