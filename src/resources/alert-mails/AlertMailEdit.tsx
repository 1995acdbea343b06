import { Edit } from 'react-admin';
import { alertMailInput } from '../../shared';
import { inputOf } from '../zodForm';
import { AlertMailForm } from './AlertMailForm';

/** Pessimistic: the save and the delete (with its confirmation) wait for the server's answer. */
export function AlertMailEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={inputOf(alertMailInput)}>
      <AlertMailForm />
    </Edit>
  );
}
