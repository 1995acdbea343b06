import { Alert } from '@mui/material';
import { Edit, SimpleForm, useTranslate } from 'react-admin';
import { ConsoleEditToolbar } from '../ConsoleDeleteButton';
import { termUpdateInput } from '../../shared';
import { inputOf, zodValidator } from '../zodForm';
import { TermInputs } from './TermInputs';
import { useSaveNotice } from '../useSaveNotice';

/** A term's own fields. Pessimistic: the save waits for the server; the delete is the console's (ConsoleEditToolbar). */
export function TermEdit() {
  const translate = useTranslate();
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'show')} transform={inputOf(termUpdateInput)}>
      <SimpleForm validate={zodValidator(termUpdateInput)} toolbar={<ConsoleEditToolbar />}>
        <TermInputs />
        <Alert severity="info">{translate('resources.terms.helpers.versions')}</Alert>
      </SimpleForm>
    </Edit>
  );
}
