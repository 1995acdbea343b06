import { useQuery } from '@tanstack/react-query';
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useConsoleDataProvider } from '../../providers/dataProvider';

/**
 * Says, before a version is published, how many people it sends back to the terms step at their
 * next sign-in (the server counts them); nothing for a term that is not required.
 */
export function TermReacceptanceNotice({ termId }: { termId: number }) {
  const dataProvider = useConsoleDataProvider();
  const translate = useTranslate();
  const { data } = useQuery({ queryKey: ['terms', termId, 'reacceptance'], queryFn: async () => (await dataProvider.getTermReacceptance(termId)).data });
  if (!data?.required) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="term-reacceptance">
      {translate('resources.terms.dialogs.reacceptance', { smart_count: data.people })}
    </Alert>
  );
}
