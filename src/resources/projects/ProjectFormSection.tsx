import type { ReactNode } from 'react';
import { Box, Divider, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A titled group of a long form. */
export function ProjectFormSection({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ width: '100%', mb: 2 }} aria-label={translate(title)}>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      <Divider sx={{ mb: 2 }} />
      {children}
    </Box>
  );
}
