import { Edit, SimpleForm } from 'react-admin';
import { ConsoleEditToolbar } from '../ConsoleDeleteButton';
import { domainInput } from '../../shared';
import { inputOf, zodValidator } from '../zodForm';
import { DomainInputs } from './DomainInputs';
import { useSaveNotice } from '../useSaveNotice';

/** Pessimistic: the save waits for the server's answer; the delete is the console's (ConsoleEditToolbar). */
export function DomainEdit() {
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'list')} transform={inputOf(domainInput)}>
      <SimpleForm validate={zodValidator(domainInput)} toolbar={<ConsoleEditToolbar />}>
        <DomainInputs />
      </SimpleForm>
    </Edit>
  );
}
