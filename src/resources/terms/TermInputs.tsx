import { SelectInput, TextInput } from 'react-admin';
import { ActiveFlagInput } from '../../components/ActiveFlagInput';
import { termTypeChoices } from './termTypeChoices';

/** A term's own fields, shared by the create and edit forms. */
export function TermInputs() {
  return (
    <>
      <TextInput source="title" isRequired fullWidth />
      <SelectInput source="type" choices={termTypeChoices} isRequired helperText="resources.terms.helpers.type" />
      <ActiveFlagInput />
    </>
  );
}
