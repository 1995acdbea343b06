import { DataTable, SelectInput } from 'react-admin';
import { ConsoleBulkDeleteButton } from '../ConsoleDeleteButton';
import { ConsoleBulkEditButton } from '../ConsoleBulkEditButton';
import { ActiveFlagInput } from '../../components/ActiveFlagInput';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleList } from '../ConsoleList';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { ListActions } from '../ListActions';
import type { BulkField, Domain } from '../../shared';
import { domainsResource } from '../../shared/resources/domains';
import { ActiveFlagField } from '../../components/ActiveFlagField';
import { activeFlagChoices } from '../../components/activeFlagChoices';
import { RecordLink } from '../RecordLink';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';

const Column = DataTable.Col<Domain>;

const domainFilters = [<ConsoleSearchInput key="q" source="q" alwaysOn />, <SelectInput key="activeFlag" source="activeFlag" choices={activeFlagChoices} />];

/** The declaration's bulk-editable fields (domainsResource.bulkEdit), each with its input. */
const bulkActions = (
  <>
    <ConsoleBulkEditButton<BulkField<typeof domainsResource>> inputs={{ activeFlag: <ActiveFlagInput defaultValue="N" /> }} />
    <ConsoleBulkDeleteButton />
  </>
);

export function DomainList() {
  return (
    <ConsoleList resource="domains" declaration={domainsResource} filters={domainFilters} sort={{ field: 'domain', order: 'ASC' }} perPage={10} actions={<ListActions exporter />}>
      <ConsoleDataTable rowClick="edit" bulkActionButtons={bulkActions}>
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
