import { ArrayField, DataTable, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import type { EmailTemplate } from '../../shared';
import { ActiveFlagField } from '../../components/ActiveFlagField';
import { EmailTemplateTypeField } from './EmailTemplateTypeField';
import { MailPreview } from './MailPreview';
import { StatementFileField } from './StatementFileField';
import { StatementsHelp } from './TemplateHelp';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { CodeField } from '../../components/CodeField';

/** The stored template rendered as the mailer would send it. */
function StoredTemplatePreview() {
  const record = useRecordContext<EmailTemplate>();
  if (!record) return null;
  const input = { type: record.type, language: record.language, title: record.title, body: record.body, statements: record.statements.map(({ statement }) => ({ statement })) };
  return <MailPreview path="/email-templates/preview" input={input} />;
}

const StatementColumn = DataTable.Col<EmailTemplate['statements'][number]>;

export function EmailTemplateShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <EmailTemplateTypeField label="resources.email-templates.fields.type" withUse />
        <CodeField set="mailLanguage" source="language" label="resources.email-templates.fields.language" />
        <TextField source="title" />
        <TextField source="body" sx={{ whiteSpace: 'pre-wrap' }} />
        <ActiveFlagField label="resources.email-templates.fields.activeFlag" />
        <ArrayField source="statements">
          <ConsoleDataTable bulkActionButtons={false} rowClick={false}>
            <StatementColumn source="statement" label="resources.email-templates.fields.statement" disableSort />
            <StatementColumn source="originalName" label="resources.email-templates.fields.attachment" disableSort>
              <StatementFileField />
            </StatementColumn>
          </ConsoleDataTable>
        </ArrayField>
        <StatementsHelp />
        <ConsoleDateField source="updatedAt" showTime />
        <StoredTemplatePreview />
      </SimpleShowLayout>
    </Show>
  );
}
