import { Chip } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { useRecordContext, useTranslate } from 'react-admin';

/** Whether a write-only secret is stored: "Set" or "Not set", never the secret. */
export function SecretStateField({ source = 'secretSet' }: { source?: string; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const stored = Boolean(record[source]);
  return (
    <Chip
      size="small"
      icon={stored ? <KeyIcon /> : undefined}
      color={stored ? 'success' : 'default'}
      variant={stored ? 'filled' : 'outlined'}
      label={translate(stored ? 'resources.market-accounts.secret.set' : 'resources.market-accounts.secret.unset')}
    />
  );
}
