/** Authorities, ranks and levels. A lower rank number is a higher privilege. */
export const AUTHORITY_RANKS = {
  'system-admin': { rank: 1, level: 'SYSTEM' },
  'global-admin': { rank: 2, level: 'GLOBAL' },
  'region-admin': { rank: 3, level: 'REGION' },
  'local-admin': { rank: 4, level: 'LOCAL' },
  user: { rank: 5, level: 'USER' },
} as const;

export type Authority = keyof typeof AUTHORITY_RANKS;
export type AccountLevel = (typeof AUTHORITY_RANKS)[Authority]['level'] | 'GUEST';

export const AUTHORITIES = Object.keys(AUTHORITY_RANKS) as Authority[];

export const GUEST_RANK = 10;
export const GUEST_LEVEL: AccountLevel = 'GUEST';
export const PUBLIC_RANK = 99;

/** Required rank of each area. */
export const AREA_RANK = {
  systemSetting: 1,
  systemLog: 1,
  collectData: 2,
  userManagement: 4,
  project: 5,
  public: PUBLIC_RANK,
} as const;

export function authorityOf(rank: number): Authority | undefined {
  return AUTHORITIES.find((authority) => AUTHORITY_RANKS[authority].rank === rank);
}

/** A rank-gated thing is allowed when its required rank is not less than the user's rank number. */
export function rankAllows(requiredRank: number, userRank: number): boolean {
  return requiredRank >= userRank;
}

/**
 * An administrator manages only accounts of a lower level than their own: never a superior, and a
 * peer only at the top: system-admins have nobody above them, so a departed or rogue one could
 * otherwise be shut out only in the database (the last active one stays: server/modules/users/system-admins.ts).
 */
export function rankManages(managerRank: number, accountRank: number): boolean {
  const top = AUTHORITY_RANKS['system-admin'].rank;
  return accountRank > managerRank || (managerRank === top && accountRank === top);
}
