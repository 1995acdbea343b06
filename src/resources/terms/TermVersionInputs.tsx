import { DateTimeInput, TextInput } from 'react-admin';
import { RichTextInput } from 'ra-input-rich-text';
import { TermContentToolbar } from './TermContentToolbar';

/**
 * A version's label, start and content. Labels are explicit: the version forms run under the
 * `terms/{id}/versions` resource, whose own message keys do not exist.
 */
export function TermVersionInputs() {
  return (
    <>
      <TextInput source="termsVersion" label="resources.terms.fields.termsVersion" isRequired helperText="resources.terms.helpers.termsVersion" />
      <DateTimeInput source="effectiveAt" label="resources.terms.fields.effectiveAt" isRequired helperText="resources.terms.helpers.effectiveAt" />
      <RichTextInput source="content" label="resources.terms.fields.content" isRequired fullWidth toolbar={<TermContentToolbar />} />
    </>
  );
}
