import { TextInput } from 'react-admin';
import { DefaultEditorOptions, RichTextInput } from 'ra-input-rich-text';
import { TermContentToolbar } from './TermContentToolbar';
import { ConsoleDateTimeInput } from '../../components/ConsoleDateInput';

const CONTENT_ID = 'term-content';

/** ra-input-rich-text names the editor's wrapper, not the editable text box inside it: name the box by the field label. */
const editorOptions = {
  ...DefaultEditorOptions,
  editorProps: { attributes: { 'aria-labelledby': `${CONTENT_ID}-label`, 'aria-multiline': 'true' } },
};

/**
 * A version's label, start and content. Labels are explicit: the version forms run under the
 * `terms/{id}/versions` resource, whose own message keys do not exist.
 */
export function TermVersionInputs() {
  return (
    <>
      <TextInput source="termsVersion" label="resources.terms.fields.termsVersion" isRequired helperText="resources.terms.helpers.termsVersion" />
      <ConsoleDateTimeInput source="effectiveAt" label="resources.terms.fields.effectiveAt" isRequired helperText="resources.terms.helpers.effectiveAt" />
      <RichTextInput id={CONTENT_ID} editorOptions={editorOptions} source="content" label="resources.terms.fields.content" isRequired fullWidth toolbar={<TermContentToolbar />} />
    </>
  );
}
