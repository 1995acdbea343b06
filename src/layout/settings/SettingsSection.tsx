import { useId, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A titled group of choices; the title names the group for assistive technology. */
export function SettingsSection({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Box component="section" role="group" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography id={titleId} component="h3" variant="subtitle2" sx={{ fontWeight: 600 }}>
        {translate(titleKey)}
      </Typography>
      {children}
    </Box>
  );
}
