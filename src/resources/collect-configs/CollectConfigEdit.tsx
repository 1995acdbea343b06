import { Edit, SimpleForm } from 'react-admin';
import { collectConfigRequest, validateCollectConfig } from './collectConfigForm';
import { CollectConfigInputs } from './CollectConfigInputs';
import { useSaveNotice } from '../useSaveNotice';

/** Pessimistic: the save and the delete (with its confirmation) wait for the server's answer. */
export function CollectConfigEdit() {
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'show')} transform={collectConfigRequest}>
      <SimpleForm validate={validateCollectConfig}>
        <CollectConfigInputs />
      </SimpleForm>
    </Edit>
  );
}
