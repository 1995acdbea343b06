import { Create } from 'react-admin';
import { toEmailTemplateInput } from './emailTemplateForm';
import { EmailTemplateForm } from './EmailTemplateForm';
import { useSaveNotice } from '../useSaveNotice';

export function EmailTemplateCreate() {
  return (
    <Create {...useSaveNotice('created', 'list')} transform={toEmailTemplateInput}>
      <EmailTemplateForm defaultValues={{ type: 'otp', activeFlag: 'N', statements: [] }} />
    </Create>
  );
}
