import { DataTable, NumberField, SelectInput } from 'react-admin';
import { EXPLORER_SCHEMAS, type ExplorerTable } from '../../shared';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { ConsoleList } from '../ConsoleList';
import { ListActions } from '../ListActions';
import { RecordLink } from '../RecordLink';
import { ExplorerEmpty } from './ExplorerEmpty';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';
import { CodeField } from '../../components/CodeField';
import { codeChoices } from '../../components/codeChoices';
import { PropertyCodeField } from '../../components/PropertyCodeField';

const Column = DataTable.Col<ExplorerTable>;

const schemaChoices = codeChoices('explorerSchema', EXPLORER_SCHEMAS);
const tableFilters = [<ConsoleSearchInput key="q" source="q" alwaysOn />, <SelectInput key="schema" source="schema" choices={schemaChoices} />];

/** The tables the signed-in person may read; a table's name opens its rows. */
export function ExplorerList() {
  return (
    <ConsoleList resource="explorer" filters={tableFilters} sort={{ field: 'tableName', order: 'ASC' }} perPage={25} actions={<ListActions />} empty={<ExplorerEmpty />}>
      <ConsoleDataTable rowClick="show" bulkActionButtons={false}>
        <Column source="schema">
          <CodeField set="explorerSchema" source="schema" />
        </Column>
        <Column source="tableName" field={RecordLink} />
        <Column source="dataType">
          <PropertyCodeField kind="data-types" source="dataType" />
        </Column>
        <Column source="rowCount">
          <NumberField source="rowCount" />
        </Column>
      </ConsoleDataTable>
    </ConsoleList>
  );
}
