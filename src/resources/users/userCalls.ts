import { httpClient } from '../../providers/httpClient';
import type { AccountStatus, UserFormOptions } from '../../shared';

/** The user-management calls that are not plain CRUD. */
export const userCalls = {
  approve: (id: number) => httpClient.put<null>(`/users/${id}/approval`, { approvalStatusCode: 'APPROVED' }),
  reject: (id: number, reason: string) => httpClient.put<null>(`/users/${id}/approval`, { approvalStatusCode: 'REJECTED', reason }),
  bulkApprove: (ids: number[]) => httpClient.post<null>('/users/approval', { ids, approvalStatusCode: 'APPROVED' }),
  setStatus: (id: number, statusCode: AccountStatus) => httpClient.put<unknown>(`/users/${id}/status`, { statusCode }),
  unlock: (id: number) => httpClient.post<unknown>(`/users/${id}/unlock`),
  sendResetLink: (id: number) => httpClient.post<null>(`/users/${id}/password-reset`),
  options: () => httpClient.get<UserFormOptions>('/users/options'),
};
