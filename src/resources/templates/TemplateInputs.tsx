import { TextInput } from 'react-admin';
import { ActiveFlagInput } from '../../components/ActiveFlagInput';
import { DashboardFileInput } from './DashboardFileInput';
import { DataTypeInput } from './DataTypeInput';
import { PreviewImagesInput } from './PreviewImagesInput';

/** Inputs shared by the create and edit forms. */
export function TemplateInputs() {
  return (
    <>
      {/* The name picks the Tableau view its projects show (server/modules/projects/dashboard-token.ts). */}
      <TextInput source="name" isRequired fullWidth helperText="resources.templates.helpers.name" />
      <DataTypeInput isRequired />
      <TextInput source="description" multiline fullWidth minRows={2} />
      <ActiveFlagInput source="status" label="resources.templates.fields.status" />
      <DashboardFileInput />
      <PreviewImagesInput />
    </>
  );
}
