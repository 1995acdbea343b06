import { SaveButton, Toolbar, useRecordContext } from 'react-admin';
import { ConsoleDeleteButton } from '../ConsoleDeleteButton';
import type { Property } from '../../shared';
import { usePropertyListPath } from './usePropertyListPath';

/** Delete asks first, waits for the server (deleteModes.ts: a code in use is refused with its usages) and returns to the property's tab. */
export function PropertyEditToolbar() {
  const property = useRecordContext<Property>();
  const listPath = usePropertyListPath();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {property && <ConsoleDeleteButton redirect={() => listPath(property.kind)} />}
    </Toolbar>
  );
}
