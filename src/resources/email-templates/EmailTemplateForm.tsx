import { Box } from '@mui/material';
import { SimpleForm } from 'react-admin';
import { validateEmailTemplate } from './emailTemplateForm';
import { EmailTemplateInputs } from './EmailTemplateInputs';
import { EmailTemplatePreview } from './EmailTemplatePreview';

/** The template's inputs with the live preview beside them (below them on narrow screens). */
export function EmailTemplateForm({ defaultValues }: { defaultValues?: Record<string, unknown> }) {
  return (
    <SimpleForm validate={validateEmailTemplate} defaultValues={defaultValues}>
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
