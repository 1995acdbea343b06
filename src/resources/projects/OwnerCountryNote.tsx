import { useQuery } from '@tanstack/react-query';
import { Alert } from '@mui/material';
import { useGetIdentity, useTranslate } from 'react-admin';
import { useConsoleDataProvider } from '../../providers/dataProvider';

/**
 * The server sets a new project's owner country to its creator's country of office; the create
 * form says so, naming the country, rather than filling it in unseen.
 */
export function OwnerCountryNote() {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const adminId = useGetIdentity().identity?.id;
  const { data: office } = useQuery({
    queryKey: ['profile', adminId, 'office'],
    queryFn: async () => (await dataProvider.getProfile(Number(adminId))).data.office,
    enabled: adminId !== undefined,
    staleTime: 5 * 60_000,
  });
  if (office === undefined) return null;
  return (
    <Alert severity="info" sx={{ width: '100%', mb: 1 }}>
      {office ? translate('resources.projects.helpers.ownerCountry', { country: office }) : translate('resources.projects.helpers.ownerCountryNone')}
    </Alert>
  );
}
