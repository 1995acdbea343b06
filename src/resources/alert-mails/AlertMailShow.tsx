import { Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import type { AlertMail } from '../../shared';
import { MailPreview } from '../email-templates/MailPreview';
import { AlertErrorField } from './AlertErrorField';

/** The stored alert rendered as a job would send it. */
function StoredAlertPreview() {
  const record = useRecordContext<AlertMail>();
  if (!record) return null;
  const { procedure, errorId, subtitle, content } = record;
  return <MailPreview path="/alert-mails/preview" input={{ procedure, errorId, subtitle, content }} />;
}

export function AlertMailShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="procedure" />
        <AlertErrorField label="resources.alert-mails.fields.errorId" />
        <TextField source="subtitle" />
        <TextField source="content" sx={{ whiteSpace: 'pre-wrap' }} />
        <ConsoleDateField source="createdAt" showTime />
        <ConsoleDateField source="updatedAt" showTime />
        <StoredAlertPreview />
      </SimpleShowLayout>
    </Show>
  );
}
