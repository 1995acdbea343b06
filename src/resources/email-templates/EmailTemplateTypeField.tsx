import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { EmailTemplate } from '../../shared';

/** The template's type by its product name; `withUse` adds which mails it writes (the show page). */
export function EmailTemplateTypeField({ withUse }: { label?: string; withUse?: boolean }) {
  const record = useRecordContext<EmailTemplate>();
  const translate = useTranslate();
  if (!record) return null;
  const name = translate(`resources.email-templates.types.${record.type}`, { _: record.type });
  if (!withUse) return <>{name}</>;
  return (
    <>
      {name}
      <Typography variant="caption" color="text.secondary" component="p">
        {translate(`resources.email-templates.sentWhen.${record.type}`, { _: '' })}
      </Typography>
    </>
  );
}
