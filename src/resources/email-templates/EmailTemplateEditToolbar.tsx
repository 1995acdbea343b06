import { Alert } from '@mui/material';
import { DeleteButton, SaveButton, Toolbar, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { isSystemEmailTemplateType, type EmailTemplate } from '../../shared';

/** The active template of a system type is the one its mails are sent from: the server keeps it (409). */
export const keepsItsType = (template: EmailTemplate | undefined) => template?.activeFlag === 'Y' && isSystemEmailTemplateType(template.type);

/** Says, above the form, why the active template of a system type cannot be deleted or deactivated. */
export function ActiveTemplateNotice() {
  const record = useRecordContext<EmailTemplate>();
  const translate = useTranslate();
  if (!record || !keepsItsType(record)) return null;
  const type = translate(`resources.email-templates.types.${record.type}`, { _: record.type });
  return (
    <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
      {translate('resources.email-templates.messages.keepsItsType', { type })}
    </Alert>
  );
}

/** Save, and Delete behind a confirmation naming the template; no Delete for the type's active template. */
export function EmailTemplateEditToolbar() {
  const record = useRecordContext<EmailTemplate>();
  const notify = useNotify();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {record && !keepsItsType(record) && (
        <DeleteButton
          mutationMode="pessimistic"
          confirmTitle="resources.email-templates.delete.title"
          confirmContent="resources.email-templates.delete.content"
          translateOptions={{ title: record.title }}
          mutationOptions={{
            onError: (error: unknown) => {
              const status = (error as { status?: number }).status;
              notify(status === 409 ? 'resources.email-templates.errors.lastActive' : 'ra.notification.http_error', { type: 'error' });
            },
          }}
        />
      )}
    </Toolbar>
  );
}
