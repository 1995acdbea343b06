import { Edit } from 'react-admin';
import { alertMailInput } from '../../shared';
import { inputOf } from '../zodForm';
import { AlertMailForm } from './AlertMailForm';
import { useSaveNotice } from '../useSaveNotice';

/** Pessimistic: the save and the delete (with its confirmation) wait for the server's answer. */
export function AlertMailEdit() {
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'list')} transform={inputOf(alertMailInput)}>
      <AlertMailForm />
    </Edit>
  );
}
