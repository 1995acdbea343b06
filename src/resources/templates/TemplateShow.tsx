import { Show, SimpleShowLayout, TextField } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ActiveFlagField } from '../../components/ActiveFlagField';
import { DashboardFileField } from './DashboardFileField';
import { DataTypeField } from './DataTypeField';
import { PreviewGallery } from './PreviewGallery';

export function TemplateShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="name" />
        <DataTypeField label="resources.templates.fields.dataType" />
        <TextField source="description" />
        <ActiveFlagField source="status" label="resources.templates.fields.status" />
        <DashboardFileField label="resources.templates.fields.fileId" />
        <PreviewGallery label="resources.templates.fields.previews" />
        <ConsoleDateField source="createdAt" showTime />
        <ConsoleDateField source="updatedAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
