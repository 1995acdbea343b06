import { Alert } from '@mui/material';
import { Edit, SimpleForm, useTranslate } from 'react-admin';
import { termUpdateInput } from '../../shared';
import { inputOf, zodValidator } from '../zodForm';
import { TermInputs } from './TermInputs';
import { useSaveNotice } from '../useSaveNotice';

/** A term's own fields. Pessimistic: the save and the delete (with its confirmation) wait for the server. */
export function TermEdit() {
  const translate = useTranslate();
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'show')} transform={inputOf(termUpdateInput)}>
      <SimpleForm validate={zodValidator(termUpdateInput)}>
        <TermInputs />
        <Alert severity="info">{translate('resources.terms.helpers.versions')}</Alert>
      </SimpleForm>
    </Edit>
  );
}
