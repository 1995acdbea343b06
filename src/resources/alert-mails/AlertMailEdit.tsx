import { Edit } from 'react-admin';
import { ConsoleEditToolbar } from '../ConsoleDeleteButton';
import { alertMailInput } from '../../shared';
import { inputOf } from '../zodForm';
import { AlertMailForm } from './AlertMailForm';
import { useSaveNotice } from '../useSaveNotice';

/** Pessimistic: the save waits for the server's answer; the delete is the console's (ConsoleEditToolbar). */
export function AlertMailEdit() {
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'list')} transform={inputOf(alertMailInput)}>
      <AlertMailForm toolbar={<ConsoleEditToolbar />} />
    </Edit>
  );
}
