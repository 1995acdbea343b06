import { ACCOUNT_STATUSES, APPROVAL_STATUSES, AUTHORITIES, AUTHORITY_RANKS } from '../../shared';
import { YES_NO } from '../../shared/fields';
import { codeChoices } from '../../components/codeChoices';

/** Select choices whose names are message keys. */
export const approvalChoices = codeChoices('approvalStatus', APPROVAL_STATUSES);
export const statusChoices = codeChoices('accountStatus', ACCOUNT_STATUSES);
export const levelChoices = AUTHORITIES.map((authority) => ({ id: AUTHORITY_RANKS[authority].level, name: `resources.users.levels.${AUTHORITY_RANKS[authority].level}` }));
export const yesNoChoices = codeChoices('yesNo', YES_NO);

/** The levels an editor of `rank` may grant: never above their own. */
export function authorityChoices(rank: number) {
  return AUTHORITIES.filter((authority) => AUTHORITY_RANKS[authority].rank >= rank).map((authority) => ({
    id: authority,
    name: `resources.users.levels.${AUTHORITY_RANKS[authority].level}`,
  }));
}

export const approvalColors = { PENDING: 'warning', APPROVED: 'success', REJECTED: 'error' } as const;
export const statusColors = { ACTIVE: 'success', INACTIVE: 'default' } as const;
