import { DataTable, SelectInput } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleList } from '../ConsoleList';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { ListActions } from '../ListActions';
import type { EmailTemplate } from '../../shared';
import { ActiveFlagField } from '../../components/ActiveFlagField';
import { activeFlagChoices } from '../../components/activeFlagChoices';
import { EmailTemplateTypeField } from './EmailTemplateTypeField';
import { languageChoices, typeChoices } from './typeChoices';
import { CodeField } from '../../components/CodeField';
import { RecordLink } from '../RecordLink';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';

const Column = DataTable.Col<EmailTemplate>;

const emailTemplateFilters = [
  <ConsoleSearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" choices={typeChoices} />,
  <SelectInput key="language" source="language" choices={languageChoices} />,
  <SelectInput key="activeFlag" source="activeFlag" choices={activeFlagChoices} />,
];

export function EmailTemplateList() {
  return (
    <ConsoleList resource="email-templates" filters={emailTemplateFilters} sort={{ field: 'type', order: 'ASC' }} perPage={25} actions={<ListActions />}>
      <ConsoleDataTable rowClick="edit" bulkActionButtons={false}>
        <Column source="type">
          <EmailTemplateTypeField />
        </Column>
        <Column source="language">
          <CodeField set="mailLanguage" source="language" />
        </Column>
        <Column source="title" field={RecordLink} />
        <Column source="activeFlag">
          <ActiveFlagField />
        </Column>
        <Column source="updatedAt">
          <ConsoleDateField source="updatedAt" showTime />
        </Column>
      </ConsoleDataTable>
    </ConsoleList>
  );
}
