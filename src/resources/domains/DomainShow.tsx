import { Show, SimpleShowLayout, TextField } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ActiveFlagField } from '../../components/ActiveFlagField';

export function DomainShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="domain" />
        <TextField source="description" />
        <ActiveFlagField label="resources.domains.fields.activeFlag" />
        <ConsoleDateField source="createdAt" showTime />
        <ConsoleDateField source="updatedAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
