import { Edit, SimpleForm } from 'react-admin';
import { postConfigRequest, validatePostConfig } from './postConfigForm';
import { PostConfigInputs } from './PostConfigInputs';
import { useSaveNotice } from '../useSaveNotice';

/** Pessimistic: the save and the delete (with its confirmation) wait for the server's answer. */
export function PostConfigEdit() {
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'show')} transform={postConfigRequest}>
      <SimpleForm validate={validatePostConfig}>
        <PostConfigInputs />
      </SimpleForm>
    </Edit>
  );
}
