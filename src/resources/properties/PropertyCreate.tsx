import { Create, SimpleForm } from 'react-admin';
import { propertyInput } from '../../shared';
import { inputOf, zodValidator } from '../zodForm';
import { kindOf } from './propertyListPath';
import { PropertyInputs } from './PropertyInputs';
import { PropertyTitle } from './PropertyTitle';
import { usePropertyKind } from './usePropertyKind';
import { usePropertyListPath } from './usePropertyListPath';
import { useSaveNotice } from '../useSaveNotice';

/** The kind comes from the list's create link (`?kind=`), so a new property lands on the tab it came from. */
export function PropertyCreate() {
  const kind = usePropertyKind();
  const listPath = usePropertyListPath();
  return (
    <Create {...useSaveNotice('created', (_resource, _id, saved) => listPath(kindOf(saved?.kind)))} transform={inputOf(propertyInput)}>
      <PropertyTitle kind={kind} />
      <SimpleForm key={kind} validate={zodValidator(propertyInput)} defaultValues={{ kind, no: 0 }}>
        <PropertyInputs kind={kind} />
      </SimpleForm>
    </Create>
  );
}
