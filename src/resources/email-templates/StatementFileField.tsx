import { Link } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { EmailTemplateStatement } from '../../shared';

/** A statement's attached file as a download link. */
export function StatementFileField() {
  const statement = useRecordContext<EmailTemplateStatement>();
  if (!statement?.fileId) return <>—</>;
  return (
    <Link href={statement.url ?? undefined} target="_blank" rel="noopener">
      {statement.originalName ?? statement.fileId}
    </Link>
  );
}
