import { Edit } from 'react-admin';
import { toEmailTemplateInput } from './emailTemplateForm';
import { EmailTemplateEditToolbar } from './EmailTemplateEditToolbar';
import { EmailTemplateForm } from './EmailTemplateForm';
import { useSaveNotice } from '../useSaveNotice';

/**
 * Pessimistic: the save and the delete (with a confirmation naming the template) wait for the
 * server's answer. The active template of a system type has no Delete, and says why.
 */
export function EmailTemplateEdit() {
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'list')} transform={toEmailTemplateInput}>
      <EmailTemplateForm toolbar={<EmailTemplateEditToolbar />} />
    </Edit>
  );
}
