import { Edit, SimpleForm, WithRecord } from 'react-admin';
import { propertyInput, type Property } from '../../shared';
import { inputOf, zodValidator } from '../zodForm';
import { kindOf } from './propertyListPath';
import { PropertyEditToolbar } from './PropertyEditToolbar';
import { PropertyInputs } from './PropertyInputs';
import { PropertyTitle } from './PropertyTitle';
import { usePropertyListPath } from './usePropertyListPath';
import { useSaveNotice } from '../useSaveNotice';

/** Pessimistic: the save and the delete wait for the server, whose refusals (duplicate, in use) are shown. */
export function PropertyEdit() {
  const listPath = usePropertyListPath();
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', (_resource, _id, saved) => listPath(kindOf(saved?.kind)))} transform={inputOf(propertyInput)}>
      <PropertyTitle />
      <SimpleForm validate={zodValidator(propertyInput)} toolbar={<PropertyEditToolbar />}>
        <WithRecord<Property> render={(property) => <PropertyInputs kind={property.kind} />} />
      </SimpleForm>
    </Edit>
  );
}
