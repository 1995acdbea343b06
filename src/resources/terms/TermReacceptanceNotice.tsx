import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useApiRead } from '../../components/useApi';

/**
 * Says, before a version is published, how many people it sends back to the terms step at their
 * next sign-in (the server counts them); nothing for a term that is not required.
 */
export function TermReacceptanceNotice({ termId }: { termId: number }) {
  const translate = useTranslate();
  const { data } = useApiRead(['terms', termId, 'reacceptance'], (api) => api.getTermReacceptance(termId));
  if (!data?.required) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="term-reacceptance">
      {translate('resources.terms.dialogs.reacceptance', { smart_count: data.people })}
    </Alert>
  );
}
