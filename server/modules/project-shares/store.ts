import type { z } from 'zod';
import type { ShareEntry, shareInput, SharePrivilege } from '../../../src/shared';
import { isoNow, type Clock } from '../../clock';
import type { Db } from '../../db/database';
import { validationError } from '../../http/app-error';
import type { CrudStore } from '../../db/store';
import { changeShare, findActiveAccount, findShare, insertShare, listShares } from './queries';
import { sentence } from '../../../src/i18n/serverMessage';

export type ShareValues = z.output<typeof shareInput>;

/** The account a share names by e-mail: an active, approved one, else a 400 on the e-mail. */
export async function activeAccountOf(db: Db, email: string): Promise<{ id: number }> {
  const account = await findActiveAccount(db, email);
  if (!account) throw validationError([{ field: 'email', message: sentence('projectShares.noActiveAccountUses', { email }) }]);
  return account;
}

/**
 * Share entries as crudRoutes reads and writes them: made for a person named by e-mail, then only
 * their privilege changes; a change or a removal never leaves the project without an owner.
 */
export function shareStore(db: Db, clock: Clock): CrudStore<{ privilege: SharePrivilege }, ShareEntry, number, ShareValues> {
  return {
    table: 'project_shares',
    // The person's e-mail and names are on their account.
    columns: { email: 'admins.email', firstName: 'admins.first_name', lastName: 'admins.last_name' },
    list: (list) => listShares(db, list),
    find: (id) => findShare(db, id),
    insert: async ({ projectId, email, privilege }, now) => insertShare(db, projectId, (await activeAccountOf(db, email)).id, privilege, now),
    async update(_id, { privilege }, now, { current }) {
      await changeShare(db, current!, privilege, now);
      return true;
    },
    remove: (share) => changeShare(db, share, null, isoNow(clock)),
  };
}
