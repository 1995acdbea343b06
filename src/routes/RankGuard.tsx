import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate, useNotify, usePermissions, useTranslate } from 'react-admin';
import { PERMISSION_TOAST_DELAY_MS } from '../shared/constants';
import { GUEST_LEVEL, rankAllows } from '../shared/ranks';
import type { ConsolePermissions } from '../providers/authProvider';
import { isPublicPath, signInPath } from '../providers/signInRedirect';
import { HOME_PATH } from '../shared/paths';

/**
 * A screen whose required rank is below the user's rank is not rendered. A guest goes to
 * sign-in; a signed-in user is warned after PERMISSION_TOAST_DELAY_MS and sent to the project list.
 */
export function RankGuard({ requireRank, children }: { requireRank: number; children: ReactNode }) {
  const { permissions, isPending } = usePermissions<ConsolePermissions>();
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const allowed = !isPending && permissions !== undefined && rankAllows(requireRank, permissions.rank);
  const signedIn = permissions !== undefined && permissions.level !== GUEST_LEVEL;

  useEffect(() => {
    if (isPending || allowed) return;
    if (!signedIn) {
      // The sign-in address keeps this page, so signing in comes back to it.
      if (!isPublicPath(pathname)) navigate(signInPath({ next: pathname + search }), { replace: true });
      return;
    }
    const timer = setTimeout(() => {
      const warning = `${translate('console.permission.title')}: ${translate('console.permission.message')}`;
      // `_` tells the notification this is already translated text, not a key.
      notify(warning, { type: 'warning', messageArgs: { _: warning } });
      // Already on the project list: redirecting there again would loop.
      if (pathname !== HOME_PATH) navigate(HOME_PATH, { replace: true });
    }, PERMISSION_TOAST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isPending, allowed, signedIn, notify, translate, navigate, pathname, search]);

  return allowed ? children : null;
}
