import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';

/** The frame of the signed-out pages: the logo and one centred card. */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 520 }}>
        <CardContent>
          <Box component="img" src="/common/images/logo.svg" alt="" width={40} height={40} sx={{ mb: 1 }} />
          <Typography component="h1" variant="h5" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
