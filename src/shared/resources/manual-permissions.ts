import { AREA_RANK } from '../ranks';
import { manualPermissionChangeResponse, manualPermissionInput, manualPermissionListResponse, manualPermissionSchema } from '../datasets';
import { declareResource } from './define';

/**
 * Who holds UPLOADER, on the Manual Upload screen for user managers
 * within their scope: listed, and granted by a create that answers the grant. The revoke,
 * DELETE /manual-permissions/{adminId}, sits beside: its parameter is the account's id and it
 * answers the permission as it is after the revoke, neither of which the factory's delete does.
 */
export const manualPermissionsResource = declareResource({
  name: 'manual-permissions',
  path: '/manual-permissions',
  rank: { read: AREA_RANK.userManagement, write: AREA_RANK.userManagement },
  operations: ['list', 'create'],
  noun: 'manual permission',
  schemas: { input: manualPermissionInput, record: manualPermissionSchema, list: manualPermissionListResponse, one: manualPermissionChangeResponse },
  list: {
    sortable: ['adminId', 'name', 'email', 'privType'],
    defaultSort: ['email', 'ASC'],
    // UPLOADER the holders, NONE the others (a non-holder's privType is null, but a null filter means no filter).
    filters: { privType: { kind: 'eq', type: 'text', values: { UPLOADER: 'Y', NONE: 'N' } } },
    search: ['email', 'firstName', 'lastName'],
  },
});
