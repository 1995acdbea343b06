import { Edit } from 'react-admin';
import { toEmailTemplateInput } from './emailTemplateForm';
import { EmailTemplateForm } from './EmailTemplateForm';

/** Pessimistic: the save and the delete (with its confirmation) wait for the server's answer. */
export function EmailTemplateEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={toEmailTemplateInput}>
      <EmailTemplateForm />
    </Edit>
  );
}
