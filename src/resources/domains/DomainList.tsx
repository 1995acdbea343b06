import { BulkDeleteButton, DataTable, SelectInput } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleList } from '../ConsoleList';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { ListActions } from '../ListActions';
import type { Domain } from '../../shared';
import { ActiveFlagField } from '../../components/ActiveFlagField';
import { activeFlagChoices } from '../../components/activeFlagChoices';
import { RecordLink } from '../RecordLink';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';

const Column = DataTable.Col<Domain>;

const domainFilters = [<ConsoleSearchInput key="q" source="q" alwaysOn />, <SelectInput key="activeFlag" source="activeFlag" choices={activeFlagChoices} />];

export function DomainList() {
  return (
    <ConsoleList resource="domains" filters={domainFilters} sort={{ field: 'domain', order: 'ASC' }} perPage={10} actions={<ListActions exporter />}>
      <ConsoleDataTable rowClick="edit" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
        <Column source="domain" field={RecordLink} />
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
