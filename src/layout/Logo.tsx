import { Box, Typography } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import { HOME_PATH } from '../shared/paths';

const LOGO_SRC = '/common/images/logo.svg';

/** The product logo linking to the site root; with the product name beside it when there is room. */
export function Logo({ showName }: { showName: boolean }) {
  const appTitle = useTranslate()('console.appTitle');
  return (
    <Box component={LinkBase} to={HOME_PATH} sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', minWidth: 0 }}>
      {/* The link's name: the logo's text alternative when it stands alone, the product name beside it otherwise. */}
      <img src={LOGO_SRC} alt={showName ? '' : appTitle} width={32} height={32} />
      {showName && (
        <Typography component="span" variant="subtitle1" noWrap sx={{ fontWeight: 700 }}>
          {appTitle}
        </Typography>
      )}
    </Box>
  );
}
