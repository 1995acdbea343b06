import { Alert } from '@mui/material';
import { useGetIdentity, useTranslate } from 'react-admin';
import { useApiRead } from '../../components/useApi';

/**
 * The server sets a new project's owner country to its creator's country of office; the create
 * form says so, naming the country, rather than filling it in unseen.
 */
export function OwnerCountryNote() {
  const translate = useTranslate();
  const adminId = useGetIdentity().identity?.id;
  const office = useApiRead(['profile', adminId], (api) => api.getProfile(Number(adminId)), { enabled: adminId !== undefined, staleTime: 5 * 60_000 }).data?.office;
  if (office === undefined) return null;
  return (
    <Alert severity="info" sx={{ width: '100%', mb: 1 }}>
      {office ? translate('resources.projects.helpers.ownerCountry', { country: office }) : translate('resources.projects.helpers.ownerCountryNone')}
    </Alert>
  );
}
