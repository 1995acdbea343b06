import { ArrayInput, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { ActiveFlagInput } from '../../components/ActiveFlagInput';
import { PlaceholderHelp } from './PlaceholderHelp';
import { StatementAttachmentInput } from './StatementAttachmentInput';
import { StatementsHelp, TypeSentWhen } from './TemplateHelp';
import { languageChoices, typeChoices } from './typeChoices';

/** Inputs shared by the create and edit forms. */
export function EmailTemplateInputs() {
  return (
    <>
      <SelectInput source="type" choices={typeChoices} isRequired helperText={<TypeSentWhen />} />
      <SelectInput source="language" choices={languageChoices} isRequired defaultValue="en" helperText="resources.email-templates.helpers.language" />
      <TextInput source="title" isRequired fullWidth />
      <TextInput source="body" isRequired multiline minRows={6} fullWidth helperText={<PlaceholderHelp />} />
      <ActiveFlagInput />
      <ArrayInput source="statements" label="resources.email-templates.fields.statements" helperText={<StatementsHelp />}>
        <SimpleFormIterator fullWidth>
          <TextInput source="statement" label="resources.email-templates.fields.statement" multiline fullWidth />
          <StatementAttachmentInput />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
