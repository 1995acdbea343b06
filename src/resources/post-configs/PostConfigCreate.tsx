import { Create, SimpleForm } from 'react-admin';
import { newPostConfig, postConfigRequest, validatePostConfig } from './postConfigForm';
import { PostConfigInputs } from './PostConfigInputs';

export function PostConfigCreate() {
  return (
    <Create redirect="show" transform={postConfigRequest}>
      <SimpleForm validate={validatePostConfig} defaultValues={newPostConfig}>
        <PostConfigInputs />
      </SimpleForm>
    </Create>
  );
}
