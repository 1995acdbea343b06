import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { TermSummary } from '../../shared';

/** REQUIRED or POST as a chip. */
export function TermTypeField(_props: { label?: string }) {
  const term = useRecordContext<TermSummary>();
  const translate = useTranslate();
  if (!term) return null;
  const required = term.type === 'REQUIRED';
  return <Chip size="small" color={required ? 'primary' : 'default'} variant={required ? 'filled' : 'outlined'} label={translate(`resources.terms.types.${term.type}`)} />;
}
