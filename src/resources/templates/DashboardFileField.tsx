import { Link, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Template } from '../../shared';

/** The dashboard file as a download link. */
export function DashboardFileField(_props: { label?: string }) {
  const record = useRecordContext<Template>();
  const translate = useTranslate();
  if (!record) return null;
  if (!record.file)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.templates.messages.noFile')}
      </Typography>
    );
  return (
    <Link href={record.file.url} target="_blank" rel="noopener">
      {record.file.originalName}
    </Link>
  );
}
