import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { TermVersion, TermVersionStatus } from '../../shared';
import { codeMessageKey } from '../../shared/code-sets';

const colours: Record<TermVersionStatus, 'success' | 'info' | 'default'> = { IN_EFFECT: 'success', SCHEDULED: 'info', SUPERSEDED: 'default' };

/** In effect, scheduled or superseded, as the server saw it when the term was read. */
export function TermVersionStatusField() {
  const version = useRecordContext<TermVersion>();
  const translate = useTranslate();
  if (!version) return null;
  return <Chip size="small" color={colours[version.status]} variant={version.status === 'SUPERSEDED' ? 'outlined' : 'filled'} label={translate(codeMessageKey('termVersionStatus', version.status))} />;
}
