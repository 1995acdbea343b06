import { Box } from '@mui/material';
import type { ReactElement } from 'react';
import { SimpleForm } from 'react-admin';
import { alertMailInput } from '../../shared';
import { zodValidator } from '../zodForm';
import { AlertMailInputs } from './AlertMailInputs';
import { AlertMailPreview } from './AlertMailPreview';

/** The alert's inputs with the live preview beside them (below them on narrow screens); the edit screen gives its toolbar. */
export function AlertMailForm({ toolbar }: { toolbar?: ReactElement }) {
  return (
    <SimpleForm validate={zodValidator(alertMailInput)} toolbar={toolbar}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, width: '100%', alignItems: 'flex-start' }}>
        <Box sx={{ flex: '1 1 420px', minWidth: 0 }}>
          <AlertMailInputs />
        </Box>
        <Box sx={{ flex: '1 1 380px', minWidth: 0 }}>
          <AlertMailPreview />
        </Box>
      </Box>
    </SimpleForm>
  );
}
