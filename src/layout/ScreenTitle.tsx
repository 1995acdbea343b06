import { Typography } from '@mui/material';
import { useLocation, useMatchPath, useTranslate } from 'react-admin';
import { consoleScreens, screenPathOf } from '../resources/registry';
import { PROJECT_DETAIL_ROUTE } from '../shared/paths';

/** The top bar's title, the page's one level-1 heading: the project's name on its detail screen (from navigation state), else the screen's title; an address no screen answers is titled as not found. */
export function ScreenTitle() {
  const translate = useTranslate();
  const matchPath = useMatchPath();
  const { pathname, state } = useLocation();
  const screenPath = screenPathOf(pathname);
  const route = consoleScreens.find(({ path }) => matchPath({ path, end: true }, screenPath) !== null);
  const projectName: unknown = route?.path === PROJECT_DETAIL_ROUTE ? state?.projectName : undefined;
  const title = typeof projectName === 'string' && projectName !== '' ? projectName : translate(route?.title ?? 'console.notFound.title');
  return (
    <Typography component="h1" variant="h6" noWrap sx={{ flex: 1, minWidth: 0, fontSize: { xs: '1rem', sm: '1.15rem' } }}>
      {title}
    </Typography>
  );
}
