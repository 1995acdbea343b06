import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { EmailTemplateType } from '../../shared';

/** Which mails the chosen type's template writes, under the type input: an edit changes those and no other. */
export function TypeSentWhen() {
  const translate = useTranslate();
  const type = useWatch({ name: 'type' }) as EmailTemplateType | undefined;
  return type ? <>{translate(`resources.email-templates.sentWhen.${type}`, { _: '' })}</> : null;
}

/** What "Statements" are, where they are edited and shown. */
export function StatementsHelp() {
  const translate = useTranslate();
  return (
    <Typography variant="caption" color="text.secondary" component="p">
      {translate('resources.email-templates.helpers.statements')}
    </Typography>
  );
}
