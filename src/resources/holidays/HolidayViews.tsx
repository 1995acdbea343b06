import { Create, DataTable, Edit, SelectInput, Show, SimpleForm, SimpleShowLayout, TextField, TextInput } from 'react-admin';
import { ConsoleBulkDeleteButton, ConsoleEditToolbar } from '../ConsoleDeleteButton';
import { ConsoleBulkEditButton } from '../ConsoleBulkEditButton';
import { holidayInput, holidaysResource, type Holiday } from '../../shared/resources/holidays';
import type { BulkField } from '../../shared/bulk-edit';
import { ConsoleList } from '../ConsoleList';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { ListActions } from '../ListActions';
import { RecordLink } from '../RecordLink';
import { inputOf, zodValidator } from '../zodForm';
import { useSaveNotice } from '../useSaveNotice';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';
import { ConsoleDateInput } from '../../components/ConsoleDateInput';
import { ActiveFlagField } from '../../components/ActiveFlagField';
import { ActiveFlagInput } from '../../components/ActiveFlagInput';
import { activeFlagChoices } from '../../components/activeFlagChoices';
import { CodeInput } from '../../components/CodeInput';
import { PropertyCodeField } from '../../components/PropertyCodeField';

const Column = DataTable.Col<Holiday>;

const filters = [
  <ConsoleSearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="activeFlag" source="activeFlag" choices={activeFlagChoices} />,
  <CodeInput key="country" kind="countries" source="country" />,
  <ConsoleDateInput key="dateFrom" source="dateFrom" filter />,
  <ConsoleDateInput key="dateTo" source="dateTo" filter />,
];

/** The declaration's bulk-editable fields (holidaysResource.bulkEdit), each with its input. */
const bulkActions = (
  <>
    <ConsoleBulkEditButton<BulkField<typeof holidaysResource>> inputs={{ activeFlag: <ActiveFlagInput defaultValue="N" />, country: <CodeInput kind="countries" source="country" /> }} />
    <ConsoleBulkDeleteButton />
  </>
);

export function HolidayList() {
  return (
    <ConsoleList resource="holidays" declaration={holidaysResource} filters={filters} sort={{ field: 'date', order: 'DESC' }} perPage={10} actions={<ListActions exporter />}>
      <ConsoleDataTable rowClick="edit" bulkActionButtons={bulkActions}>
        <Column source="date" />
        <Column source="name" field={RecordLink} />
        <Column source="country">
          <PropertyCodeField kind="countries" source="country" />
        </Column>
        <Column source="description" disableSort />
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

/** Inputs shared by the create and edit forms. */
function HolidayInputs() {
  return (
    <>
      <ConsoleDateInput source="date" isRequired />
      <TextInput source="name" isRequired />
      <CodeInput kind="countries" source="country" />
      <TextInput source="description" multiline fullWidth />
      <ActiveFlagInput />
    </>
  );
}

export function HolidayCreate() {
  return (
    <Create {...useSaveNotice('created', 'list')} transform={inputOf(holidayInput)}>
      <SimpleForm validate={zodValidator(holidayInput)} defaultValues={{ activeFlag: 'Y' }}>
        <HolidayInputs />
      </SimpleForm>
    </Create>
  );
}

/** Pessimistic: the save waits for the server's answer; the delete is the console's (ConsoleEditToolbar). */
export function HolidayEdit() {
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'list')} transform={inputOf(holidayInput)}>
      <SimpleForm validate={zodValidator(holidayInput)} toolbar={<ConsoleEditToolbar />}>
        <HolidayInputs />
      </SimpleForm>
    </Edit>
  );
}

export function HolidayShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="date" />
        <TextField source="name" />
        <PropertyCodeField kind="countries" source="country" label="resources.holidays.fields.country" />
        <TextField source="description" />
        <ActiveFlagField label="resources.holidays.fields.activeFlag" />
        <ConsoleDateField source="createdAt" showTime />
        <ConsoleDateField source="updatedAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
