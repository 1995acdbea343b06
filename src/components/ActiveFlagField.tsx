import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { codeMessageKey } from '../shared/code-sets';

/** A Y/N flag as an Active / Inactive chip: the words of its code set, which its export writes too. */
export function ActiveFlagField({ source = 'activeFlag' }: { source?: string; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const active = record[source] === 'Y';
  return <Chip size="small" color={active ? 'success' : 'default'} variant={active ? 'filled' : 'outlined'} label={translate(codeMessageKey('activeFlag', active ? 'Y' : 'N'))} />;
}
