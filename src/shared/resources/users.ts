import { AREA_RANK } from '../ranks';
import { adminDetailSchema, userDetailResponse, userListResponse, userUpdateInput } from '../users';
import { text } from './history';
import { declareResource } from './define';

/**
 * Accounts (User Management › Users), for user managers within their scope. Listed, read and
 * edited here; an account is created by signing up and deactivated rather than deleted, and its
 * approval, status, unlock and password reset are commands beside these routes.
 */
export const usersResource = declareResource({
  name: 'users',
  path: '/users',
  rank: { read: AREA_RANK.userManagement, write: AREA_RANK.userManagement },
  operations: ['list', 'get', 'update'],
  noun: 'account',
  history: {
    name: (record) => `${text(record.firstName)} ${text(record.lastName)}`.trim() || text(record.email),
    // The connected lists are compared as the show page words them (names by region and advertiser), not as
    // the codes the edit form starts from; sign-ins, their failed attempts and the lock they bring are
    // the account's own doing, so an admin's open record does not go stale when its owner signs in.
    ignore: ['countryCodes', 'dataTypes', 'projectList', 'lastSignInAt', 'lastLoginAt', 'signInAttempt', 'locked', 'passwordUpdatedAt', 'lockedUntil', 'companyCode', 'regionCode', 'officeCode'],
  },
  schemas: { input: userUpdateInput, record: adminDetailSchema, list: userListResponse, one: userDetailResponse },
  list: {
    sortable: ['id', 'email', 'name', 'company', 'region', 'country', 'adminLevel', 'approverFlag', 'statusCode', 'approvalStatusCode', 'lastLoginAt', 'createdAt'],
    defaultSort: ['createdAt', 'DESC'],
    keyset: ['id', 'createdAt'],
    filters: {
      id: { kind: 'eq', type: 'integer' },
      approvalStatusCode: { kind: 'eq', type: 'text' },
      statusCode: { kind: 'eq', type: 'text' },
      adminLevel: { kind: 'eq', type: 'text' },
      region: { kind: 'eq', type: 'text' },
      country: { kind: 'eq', type: 'text' },
      approverFlag: { kind: 'eq', type: 'text' },
      // Y or N, computed from the end of the lock rather than held in a column (the server's store reads it).
      locked: { kind: 'eq', type: 'text' },
    },
    search: ['email', 'firstName', 'lastName', 'company'],
  },
});
