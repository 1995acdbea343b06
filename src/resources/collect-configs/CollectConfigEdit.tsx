import { Edit, SimpleForm } from 'react-admin';
import { ConsoleEditToolbar } from '../ConsoleDeleteButton';
import { collectConfigRequest, validateCollectConfig } from './collectConfigForm';
import { CollectConfigInputs } from './CollectConfigInputs';
import { useSaveNotice } from '../useSaveNotice';

/** Pessimistic: the save waits for the server's answer; the delete is the console's (ConsoleEditToolbar). */
export function CollectConfigEdit() {
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'show')} transform={collectConfigRequest}>
      <SimpleForm validate={validateCollectConfig} toolbar={<ConsoleEditToolbar />}>
        <CollectConfigInputs />
      </SimpleForm>
    </Edit>
  );
}
