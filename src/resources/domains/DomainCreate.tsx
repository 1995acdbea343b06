import { Create, SimpleForm } from 'react-admin';
import { domainInput } from '../../shared';
import { inputOf, zodValidator } from '../zodForm';
import { DomainInputs } from './DomainInputs';
import { useSaveNotice } from '../useSaveNotice';

export function DomainCreate() {
  return (
    <Create {...useSaveNotice('created', 'list')} transform={inputOf(domainInput)}>
      <SimpleForm validate={zodValidator(domainInput)} defaultValues={{ activeFlag: 'Y' }}>
        <DomainInputs />
      </SimpleForm>
    </Create>
  );
}
