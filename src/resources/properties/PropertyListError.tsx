import { Alert } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** In place of the table when the list cannot load: the server's reason, the tabs still usable. */
export function PropertyListError() {
  const { error } = useListContext();
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {translate('resources.properties.errors.list')} {error?.message}
    </Alert>
  );
}
