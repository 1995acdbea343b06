import { Create } from 'react-admin';
import { alertMailInput } from '../../shared';
import { inputOf } from '../zodForm';
import { AlertMailForm } from './AlertMailForm';

export function AlertMailCreate() {
  return (
    <Create redirect="list" transform={inputOf(alertMailInput)}>
      <AlertMailForm />
    </Create>
  );
}
