import { Create, SimpleForm } from 'react-admin';
import { templateInput } from '../../shared';
import { inputOf, zodValidator } from '../zodForm';
import { TemplateInputs } from './TemplateInputs';
import { useSaveNotice } from '../useSaveNotice';

export function TemplateCreate() {
  return (
    <Create {...useSaveNotice('created', 'show')} transform={inputOf(templateInput)}>
      <SimpleForm validate={zodValidator(templateInput)} defaultValues={{ status: 'Y', previews: [], fileId: null }}>
        <TemplateInputs />
      </SimpleForm>
    </Create>
  );
}
