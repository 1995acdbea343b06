import { Box } from '@mui/material';
import type { ReactElement } from 'react';
import { SimpleForm } from 'react-admin';
import { ActiveTemplateNotice } from './EmailTemplateEditToolbar';
import { validateEmailTemplate } from './emailTemplateForm';
import { EmailTemplateInputs } from './EmailTemplateInputs';
import { EmailTemplatePreview } from './EmailTemplatePreview';

/** The template's inputs with the live preview beside them (below them on narrow screens). */
export function EmailTemplateForm({ defaultValues, toolbar }: { defaultValues?: Record<string, unknown>; toolbar?: ReactElement }) {
  return (
    <SimpleForm validate={validateEmailTemplate} defaultValues={defaultValues} toolbar={toolbar}>
      <ActiveTemplateNotice />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, width: '100%', alignItems: 'flex-start' }}>
        <Box sx={{ flex: '1 1 420px', minWidth: 0 }}>
          <EmailTemplateInputs />
        </Box>
        <Box sx={{ flex: '1 1 380px', minWidth: 0, position: { lg: 'sticky' }, top: { lg: 16 } }}>
          <EmailTemplatePreview />
        </Box>
      </Box>
    </SimpleForm>
  );
}
