import { DateField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { ActiveFlagField } from '../../components/ActiveFlagField';

export function DomainShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="domain" />
        <TextField source="description" />
        <ActiveFlagField label="resources.domains.fields.activeFlag" />
        <DateField source="createdAt" showTime />
        <DateField source="updatedAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
