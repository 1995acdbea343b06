import { Edit, SimpleForm } from 'react-admin';
import { ConsoleEditToolbar } from '../ConsoleDeleteButton';
import { postConfigRequest, validatePostConfig } from './postConfigForm';
import { PostConfigInputs } from './PostConfigInputs';
import { useSaveNotice } from '../useSaveNotice';

/** Pessimistic: the save waits for the server's answer; the delete is the console's (ConsoleEditToolbar). */
export function PostConfigEdit() {
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'show')} transform={postConfigRequest}>
      <SimpleForm validate={validatePostConfig} toolbar={<ConsoleEditToolbar />}>
        <PostConfigInputs />
      </SimpleForm>
    </Edit>
  );
}
