import { ACCOUNT_STATUSES, APPROVAL_STATUSES, AUTHORITIES, AUTHORITY_RANKS } from '../../shared';

/** Select choices whose names are message keys. */
export const approvalChoices = APPROVAL_STATUSES.map((code) => ({ id: code, name: `resources.users.approval.${code}` }));
export const statusChoices = ACCOUNT_STATUSES.map((code) => ({ id: code, name: `resources.users.status.${code}` }));
export const levelChoices = AUTHORITIES.map((authority) => ({ id: AUTHORITY_RANKS[authority].level, name: `resources.users.levels.${AUTHORITY_RANKS[authority].level}` }));
export const yesNoChoices = [
  { id: 'Y', name: 'resources.users.yesNo.Y' },
  { id: 'N', name: 'resources.users.yesNo.N' },
];

/** The levels an editor of `rank` may grant: never above their own (issue 5). */
export function authorityChoices(rank: number) {
  return AUTHORITIES.filter((authority) => AUTHORITY_RANKS[authority].rank >= rank).map((authority) => ({
    id: authority,
    name: `resources.users.levels.${AUTHORITY_RANKS[authority].level}`,
  }));
}

export const approvalColors = { PENDING: 'warning', APPROVED: 'success', REJECTED: 'error' } as const;
export const statusColors = { ACTIVE: 'success', INACTIVE: 'default' } as const;
