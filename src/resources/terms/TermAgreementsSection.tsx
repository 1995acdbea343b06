import { Box, Typography } from '@mui/material';
import { DataTable, ListBase, Pagination, useRecordContext, useTranslate } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import type { Term, TermAgreement } from '../../shared';
import { ConsoleDataTable } from '../ConsoleDataTable';

const Column = DataTable.Col<TermAgreement>;

/**
 * Who agreed to which version and when, paged on the server (GET /api/terms/{id}/agreements). The
 * show view's rank guard covers it, so the list skips react-admin's own access check.
 */
export function TermAgreementsSection(_props: { label?: string | false }) {
  const term = useRecordContext<Term>();
  const translate = useTranslate();
  if (!term) return null;
  return (
    <Box component="section" aria-label={translate('resources.terms.sections.agreements')}>
      <Typography variant="h6" component="h2">
        {translate('resources.terms.sections.agreements')}
      </Typography>
      <ListBase resource={`terms/${term.id}/agreements`} disableSyncWithLocation storeKey={false} perPage={10} sort={{ field: 'agreedAt', order: 'DESC' }}>
        <ConsoleDataTable rowClick={false} bulkActionButtons={false} empty={<Typography sx={{ p: 2 }}>{translate('resources.terms.agreements.empty')}</Typography>}>
          <Column source="email" label="resources.terms.agreements.email" />
          <Column source="name" label="resources.terms.agreements.name" />
          <Column source="termsVersion" label="resources.terms.agreements.termsVersion" />
          <Column source="agreedAt" label="resources.terms.agreements.agreedAt">
            <ConsoleDateField source="agreedAt" showTime />
          </Column>
        </ConsoleDataTable>
        <Pagination rowsPerPageOptions={[10, 25, 50]} />
      </ListBase>
    </Box>
  );
}
