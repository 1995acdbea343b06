import { Edit, SimpleForm } from 'react-admin';
import { ConsoleEditToolbar } from '../ConsoleDeleteButton';
import { templateInput } from '../../shared';
import { inputOf, zodValidator } from '../zodForm';
import { TemplateInputs } from './TemplateInputs';
import { useSaveNotice } from '../useSaveNotice';

/** Pessimistic: the save waits for the server's answer; the delete is the console's (ConsoleEditToolbar). */
export function TemplateEdit() {
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'show')} transform={inputOf(templateInput)}>
      <SimpleForm validate={zodValidator(templateInput)} toolbar={<ConsoleEditToolbar />}>
        <TemplateInputs />
      </SimpleForm>
    </Edit>
  );
}
