import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** A Y/N flag as an Active / Inactive chip. */
export function ActiveFlagField({ source = 'activeFlag' }: { source?: string; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const active = record[source] === 'Y';
  return <Chip size="small" color={active ? 'success' : 'default'} variant={active ? 'filled' : 'outlined'} label={translate(active ? 'console.flags.active' : 'console.flags.inactive')} />;
}
