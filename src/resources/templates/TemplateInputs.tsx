import { TextInput } from 'react-admin';
import { ActiveFlagInput } from '../../components/ActiveFlagInput';
import { DashboardFileInput } from './DashboardFileInput';
import { DataTypeInput } from './DataTypeInput';
import { PreviewImagesInput } from './PreviewImagesInput';

/** Inputs shared by the create and edit forms. */
export function TemplateInputs() {
  return (
    <>
      <TextInput source="name" isRequired />
      <DataTypeInput isRequired />
      <TextInput source="description" multiline fullWidth minRows={2} />
      <ActiveFlagInput source="status" label="resources.templates.fields.status" />
      <DashboardFileInput />
      <PreviewImagesInput />
    </>
  );
}
