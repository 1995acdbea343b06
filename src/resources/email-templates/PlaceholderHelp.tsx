import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { EMAIL_TEMPLATE_TYPES, type EmailTemplateType } from '../../shared';

/** The placeholders the chosen type allows, as the body input's helper text. */
export function PlaceholderHelp() {
  const translate = useTranslate();
  const type = useWatch({ name: 'type' }) as EmailTemplateType | undefined;
  const placeholders = type ? EMAIL_TEMPLATE_TYPES[type]?.placeholders : undefined;
  if (!placeholders) return null;
  return <>{translate('resources.email-templates.helpers.placeholders', { list: placeholders.map((name) => `{{${name}}}`).join(' ') })}</>;
}
