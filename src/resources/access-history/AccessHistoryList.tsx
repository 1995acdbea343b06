import { AutocompleteInput, DataTable, ReferenceInput, SelectInput } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleDateInput } from '../../components/ConsoleDateInput';
import { ConsoleList } from '../ConsoleList';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { ACCESS_EVENT_TYPES, type AccessHistoryEntry } from '../../shared';
import { CodeChip } from '../../components/CodeChip';
import { AccessStatsPanel } from './AccessStatsPanel';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';

const Column = DataTable.Col<AccessHistoryEntry>;

const eventChoices = ACCESS_EVENT_TYPES.map((code) => ({ id: code, name: `resources.access-history.events.${code}` }));
const resultChoices = [
  { id: 'Y', name: 'resources.access-history.results.Y' },
  { id: 'N', name: 'resources.access-history.results.N' },
];

const filters = [
  <ConsoleSearchInput key="q" source="q" alwaysOn />,
  <ConsoleDateInput key="from" source="from" alwaysOn filter />,
  <ConsoleDateInput key="to" source="to" alwaysOn filter />,
  <ReferenceInput key="adminId" source="adminId" reference="users" alwaysOn>
    <AutocompleteInput optionText="email" filterToQuery={(q) => ({ q })} sx={{ minWidth: 240 }} />
  </ReferenceInput>,
  <SelectInput key="eventType" source="eventType" choices={eventChoices} />,
  <SelectInput key="success" source="success" choices={resultChoices} />,
];

/** Access history (User Management): sign-ins, dashboard views, project creations and uploads, with totals and a chart. */
export function AccessHistoryList() {
  return (
    <ConsoleList resource="access-history" filters={filters} sort={{ field: 'occurredAt', order: 'DESC' }} perPage={10} exporter={false}>
      <AccessStatsPanel />
      <ConsoleDataTable bulkActionButtons={false}>
        <Column source="occurredAt">
          <ConsoleDateField source="occurredAt" showTime />
        </Column>
        <Column source="email" />
        <Column source="name" disableSort />
        <Column source="eventType">
          <CodeChip source="eventType" messages="resources.access-history.events" colors={{}} />
        </Column>
        <Column source="success">
          <CodeChip source="success" messages="resources.access-history.results" colors={{ Y: 'success', N: 'error' }} />
        </Column>
        <Column source="sourceIp" disableSort />
        <Column source="detail" disableSort />
      </ConsoleDataTable>
    </ConsoleList>
  );
}
