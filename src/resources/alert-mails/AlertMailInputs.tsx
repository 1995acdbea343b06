import { TextInput, useTranslate } from 'react-admin';
import { ALERT_MAIL_PLACEHOLDERS } from '../../shared';

/** Inputs shared by the create and edit forms. */
export function AlertMailInputs() {
  const translate = useTranslate();
  const placeholders = translate('resources.alert-mails.helpers.placeholders', { list: ALERT_MAIL_PLACEHOLDERS.map((name) => `{{${name}}}`).join(' ') });
  return (
    <>
      <TextInput source="procedure" isRequired helperText="resources.alert-mails.helpers.procedure" fullWidth />
      <TextInput source="errorId" isRequired helperText="resources.alert-mails.helpers.errorId" fullWidth />
      <TextInput source="subtitle" isRequired fullWidth helperText={placeholders} />
      <TextInput source="content" isRequired multiline minRows={6} fullWidth helperText={placeholders} />
    </>
  );
}
