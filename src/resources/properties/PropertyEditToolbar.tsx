import { DeleteButton, SaveButton, Toolbar, useRecordContext } from 'react-admin';
import type { Property } from '../../shared';
import { usePropertyListPath } from './usePropertyListPath';

/** Delete asks first, waits for the server (a code in use is refused with its usage count) and returns to the property's tab. */
export function PropertyEditToolbar() {
  const property = useRecordContext<Property>();
  const listPath = usePropertyListPath();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {property && <DeleteButton mutationMode="pessimistic" redirect={() => listPath(property.kind)} />}
    </Toolbar>
  );
}
