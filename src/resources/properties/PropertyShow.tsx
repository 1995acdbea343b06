import { NumberField, Show, SimpleShowLayout, TextField, WithRecord } from 'react-admin';
import type { Property } from '../../shared';
import { PropertyTitle } from './PropertyTitle';
import { RegionField } from './RegionField';

export function PropertyShow() {
  return (
    <Show>
      <WithRecord<Property>
        render={(property) => (
          <>
            <PropertyTitle />
            <SimpleShowLayout>
              <TextField source="code" />
              <TextField source="name" />
              {property.kind === 'countries' && <RegionField label="resources.properties.fields.regionCode" />}
              <NumberField source="no" />
            </SimpleShowLayout>
          </>
        )}
      />
    </Show>
  );
}
