import { DataTable, NumberField, SelectInput } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleList } from '../ConsoleList';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { ListActions } from '../ListActions';
import type { TermSummary } from '../../shared';
import { ActiveFlagField } from '../../components/ActiveFlagField';
import { activeFlagChoices } from '../../components/activeFlagChoices';
import { TermTypeField } from './TermTypeField';
import { termTypeChoices } from './termTypeChoices';
import { RecordLink } from '../RecordLink';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';

const Column = DataTable.Col<TermSummary>;

const termFilters = [
  <ConsoleSearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" choices={termTypeChoices} />,
  <SelectInput key="activeFlag" source="activeFlag" choices={activeFlagChoices} />,
];

/**
 * The list's rows are summaries (no `versions` list). react-admin seeds each row into the getOne cache
 * under the list's `meta`, and the show view would render a summary as the full term while the real
 * one loads (`versions` undefined → crash on a row click). A meta of its own keeps the two apart.
 */
const summaryRows = { meta: { rows: 'summary' } };

export function TermList() {
  return (
    <ConsoleList resource="terms" queryOptions={summaryRows} filters={termFilters} sort={{ field: 'title', order: 'ASC' }} perPage={10} actions={<ListActions />}>
      <ConsoleDataTable rowClick="show" bulkActionButtons={false}>
        <Column source="title" field={RecordLink} />
        <Column source="type">
          <TermTypeField />
        </Column>
        <Column source="activeFlag">
          <ActiveFlagField />
        </Column>
        <Column source="versionInEffect" disableSort />
        <Column source="effectiveAt">
          <ConsoleDateField source="effectiveAt" showTime />
        </Column>
        <Column source="versionCount">
          <NumberField source="versionCount" />
        </Column>
        <Column source="updatedAt">
          <ConsoleDateField source="updatedAt" showTime />
        </Column>
      </ConsoleDataTable>
    </ConsoleList>
  );
}
