import { Box, CircularProgress, Typography } from '@mui/material';
import { useTimeout, useTranslate } from 'react-admin';

/**
 * A screen still loading, after a second (a quick load shows nothing): react-admin's Loading, but its
 * spinner has a name for screen readers and its words are in a readable colour (react-admin draws
 * them in the disabled colour, below the contrast text needs).
 */
export function ScreenLoading() {
  const translate = useTranslate();
  const shown = useTimeout(1000);
  if (!shown) return null;
  const words = translate('ra.page.loading');
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', height: '100%', py: 4 }}>
      <CircularProgress aria-label={words} />
      <Typography variant="h6" component="p" sx={{ mt: 2, color: 'text.secondary' }}>
        {words}
      </Typography>
    </Box>
  );
}
