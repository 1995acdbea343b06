import { Create } from 'react-admin';
import { toEmailTemplateInput } from './emailTemplateForm';
import { EmailTemplateForm } from './EmailTemplateForm';

export function EmailTemplateCreate() {
  return (
    <Create redirect="list" transform={toEmailTemplateInput}>
      <EmailTemplateForm defaultValues={{ type: 'otp', activeFlag: 'N', statements: [] }} />
    </Create>
  );
}
