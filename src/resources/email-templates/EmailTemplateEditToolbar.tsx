import { Alert } from '@mui/material';
import { SaveButton, Toolbar, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { FALLBACK_MAIL_LANGUAGE, isSystemEmailTemplateType, type EmailTemplate } from '../../shared';
import { codeMessageKey } from '../../shared/code-sets';
import { ConsoleDeleteButton } from '../ConsoleDeleteButton';

/**
 * The active English template of a system type is the one its mails are sent from to every reader
 * without an active template of their language: the server keeps it (409).
 */
export const keepsItsType = (template: EmailTemplate | undefined) => template?.activeFlag === 'Y' && template.language === FALLBACK_MAIL_LANGUAGE && isSystemEmailTemplateType(template.type);

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

/** Save, and Delete behind a confirmation naming the template, then Undo in its notice; no Delete for the type's active template. */
export function EmailTemplateEditToolbar() {
  const record = useRecordContext<EmailTemplate>();
  const notify = useNotify();
  const translate = useTranslate();
  // Deleting another language's active template sends its readers the English one: the confirmation says so.
  const fallsBack = record?.activeFlag === 'Y' && record.language !== FALLBACK_MAIL_LANGUAGE;
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {record && !keepsItsType(record) && (
        <ConsoleDeleteButton
          confirmTitle="resources.email-templates.delete.title"
          confirmContent={fallsBack ? 'resources.email-templates.delete.fallback' : 'resources.email-templates.delete.content'}
          translateOptions={{ title: record.title, language: translate(codeMessageKey('mailLanguage', record.language)) }}
          mutationOptions={{
            // Any other refusal (a version changed meanwhile) in the server's words, as react-admin's own notice.
            onError: (error: unknown) => {
              const { status, message } = error as { status?: number; message?: string };
              notify(status === 409 ? 'resources.email-templates.errors.lastActive' : message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message } });
            },
          }}
        />
      )}
    </Toolbar>
  );
}
