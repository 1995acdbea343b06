import { Create, SimpleForm } from 'react-admin';
import { collectConfigRequest, newCollectConfig, validateCollectConfig } from './collectConfigForm';
import { CollectConfigInputs } from './CollectConfigInputs';

export function CollectConfigCreate() {
  return (
    <Create redirect="show" transform={collectConfigRequest}>
      <SimpleForm validate={validateCollectConfig} defaultValues={newCollectConfig}>
        <CollectConfigInputs />
      </SimpleForm>
    </Create>
  );
}
