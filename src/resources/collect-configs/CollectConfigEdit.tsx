import { Edit, SimpleForm } from 'react-admin';
import { collectConfigRequest, validateCollectConfig } from './collectConfigForm';
import { CollectConfigInputs } from './CollectConfigInputs';

/** Pessimistic: the save and the delete (with its confirmation) wait for the server's answer. */
export function CollectConfigEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show" transform={collectConfigRequest}>
      <SimpleForm validate={validateCollectConfig}>
        <CollectConfigInputs />
      </SimpleForm>
    </Edit>
  );
}
