import { useRecordContext, useTranslate } from 'react-admin';
import type { EmailTemplate } from '../../shared';

/** The template's type by its product name. */
export function EmailTemplateTypeField(_props: { label?: string }) {
  const record = useRecordContext<EmailTemplate>();
  const translate = useTranslate();
  if (!record) return null;
  return <>{translate(`resources.email-templates.types.${record.type}`, { _: record.type })}</>;
}
