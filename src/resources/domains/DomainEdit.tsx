import { Edit, SimpleForm } from 'react-admin';
import { domainInput } from '../../shared';
import { inputOf, zodValidator } from '../zodForm';
import { DomainInputs } from './DomainInputs';
import { useSaveNotice } from '../useSaveNotice';

/** Pessimistic: the save and the delete (with its confirmation) wait for the server's answer. */
export function DomainEdit() {
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'list')} transform={inputOf(domainInput)}>
      <SimpleForm validate={zodValidator(domainInput)}>
        <DomainInputs />
      </SimpleForm>
    </Edit>
  );
}
