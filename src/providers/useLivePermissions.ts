import { usePermissions } from 'react-admin';
import type { ConsolePermissions } from './authProvider';

/**
 * The signed-in account's rank and flags as the server holds them now (GET /api/auth/permissions),
 * read again on each visit and on window focus, so a grant or revoke shows without signing in
 * again. Undefined while the first answer is on its way.
 */
export function useLivePermissions(): ConsolePermissions | undefined {
  return usePermissions<ConsolePermissions>({}, { refetchOnMount: 'always', refetchOnWindowFocus: 'always' }).permissions;
}
