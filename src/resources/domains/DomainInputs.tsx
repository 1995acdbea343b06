import { TextInput } from 'react-admin';
import { ActiveFlagInput } from '../../components/ActiveFlagInput';

/** Inputs shared by the create and edit forms. */
export function DomainInputs() {
  return (
    <>
      <TextInput source="domain" isRequired helperText="resources.domains.helpers.domain" />
      <TextInput source="description" multiline fullWidth />
      <ActiveFlagInput />
    </>
  );
}
