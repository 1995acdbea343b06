// The project kinds a list draws and filters by, without zod: the project list, the first screen
// after sign-in, imports this module alone (projects.ts re-exports it for everyone else).
export const PROJECT_STATUSES = ['ON_GOING', 'STAND_BY', 'COMPLETED', 'PENDING'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_DATA_TYPES = ['MEDIA', 'CRM', 'RETAIL', 'SOCIAL'] as const;
export type ProjectDataType = (typeof PROJECT_DATA_TYPES)[number];
export const DATA_SOURCES = ['MASTER', 'MANUAL', 'CUSTOM'] as const;
export const DASHBOARD_TYPES = ['TEMPLATE', 'CUSTOM'] as const;
/** Share privileges, weakest first: each one includes the rights of those before it. */
export const SHARE_PRIVILEGES = ['VIEWER', 'EDITOR', 'OWNER'] as const;
export type SharePrivilege = (typeof SHARE_PRIVILEGES)[number];
export const CONDITION_OPERATORS = ['EQ', 'NE', 'GT', 'GTE', 'LT', 'LTE', 'CONTAINS', 'NOT_CONTAINS'] as const;
export const KEYWORD_MODES = ['INCLUDE', 'EXCLUDE'] as const;

/** True when `held` grants at least `needed` (VIEWER < EDITOR < OWNER). */
export function privilegeAllows(held: SharePrivilege | null | undefined, needed: SharePrivilege): boolean {
  return !!held && SHARE_PRIVILEGES.indexOf(held) >= SHARE_PRIVILEGES.indexOf(needed);
}
