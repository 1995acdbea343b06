import { Create } from 'react-admin';
import { alertMailInput } from '../../shared';
import { inputOf } from '../zodForm';
import { AlertMailForm } from './AlertMailForm';
import { useSaveNotice } from '../useSaveNotice';

export function AlertMailCreate() {
  return (
    <Create {...useSaveNotice('created', 'list')} transform={inputOf(alertMailInput)}>
      <AlertMailForm />
    </Create>
  );
}
