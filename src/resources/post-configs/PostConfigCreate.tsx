import { Create, SimpleForm } from 'react-admin';
import { newPostConfig, postConfigRequest, validatePostConfig } from './postConfigForm';
import { PostConfigInputs } from './PostConfigInputs';
import { useSaveNotice } from '../useSaveNotice';

export function PostConfigCreate() {
  return (
    <Create {...useSaveNotice('created', 'show')} transform={postConfigRequest}>
      <SimpleForm validate={validatePostConfig} defaultValues={newPostConfig}>
        <PostConfigInputs />
      </SimpleForm>
    </Create>
  );
}
