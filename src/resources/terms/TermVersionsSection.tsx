import { Box, Typography } from '@mui/material';
import { ArrayField, DataTable, useTranslate } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import type { TermVersion } from '../../shared';
import { TermContentField } from '../../components/TermContentField';
import { TermVersionEditButton } from './TermVersionEditButton';
import { TermVersionPublishButton } from './TermVersionPublishButton';
import { TermVersionStatusField } from './TermVersionStatusField';
import { ConsoleDataTable } from '../ConsoleDataTable';

const Column = DataTable.Col<TermVersion>;

/** The term's versions, newest first; a row expands to its content. */
export function TermVersionsSection(_props: { label?: string | false }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate('resources.terms.sections.versions')}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          {translate('resources.terms.sections.versions')}
        </Typography>
        <TermVersionPublishButton />
      </Box>
      <ArrayField source="versions">
        <ConsoleDataTable rowClick={false} bulkActionButtons={false} expand={<TermContentField />}>
          <Column source="detailId" disableSort />
          <Column source="termsVersion" disableSort />
          <Column source="status" disableSort>
            <TermVersionStatusField />
          </Column>
          <Column source="effectiveAt" disableSort>
            <ConsoleDateField source="effectiveAt" showTime />
          </Column>
          <Column source="updatedAt" disableSort>
            <ConsoleDateField source="updatedAt" showTime />
          </Column>
          <Column label=" " disableSort>
            <TermVersionEditButton />
          </Column>
        </ConsoleDataTable>
      </ArrayField>
    </Box>
  );
}
