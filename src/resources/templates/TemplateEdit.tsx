import { Edit, SimpleForm } from 'react-admin';
import { templateInput } from '../../shared';
import { inputOf, zodValidator } from '../zodForm';
import { TemplateInputs } from './TemplateInputs';
import { useSaveNotice } from '../useSaveNotice';

/** Pessimistic: the save and the delete (with its confirmation) wait for the server's answer. */
export function TemplateEdit() {
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'show')} transform={inputOf(templateInput)}>
      <SimpleForm validate={zodValidator(templateInput)}>
        <TemplateInputs />
      </SimpleForm>
    </Edit>
  );
}
