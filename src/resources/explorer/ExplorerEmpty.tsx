import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** No table to show: either nothing is stored yet, or none of it is this person's to read. */
export function ExplorerEmpty() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="body1">{translate('resources.explorer.empty')}</Typography>
    </Box>
  );
}
