import { Create, SimpleForm } from 'react-admin';
import { collectConfigRequest, newCollectConfig, validateCollectConfig } from './collectConfigForm';
import { CollectConfigInputs } from './CollectConfigInputs';
import { useSaveNotice } from '../useSaveNotice';

export function CollectConfigCreate() {
  return (
    <Create {...useSaveNotice('created', 'show')} transform={collectConfigRequest}>
      <SimpleForm validate={validateCollectConfig} defaultValues={newCollectConfig}>
        <CollectConfigInputs />
      </SimpleForm>
    </Create>
  );
}
