import { DataTable, NumberField, SelectInput, TextField } from 'react-admin';
import { EXPLORER_SCHEMAS, type ExplorerTable } from '../../shared';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { ConsoleList } from '../ConsoleList';
import { ListActions } from '../ListActions';
import { RecordLink } from '../RecordLink';
import { ExplorerEmpty } from './ExplorerEmpty';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';

const Column = DataTable.Col<ExplorerTable>;

const schemaChoices = EXPLORER_SCHEMAS.map((schema) => ({ id: schema, name: `resources.explorer.schemas.${schema}` }));
const tableFilters = [<ConsoleSearchInput key="q" source="q" alwaysOn />, <SelectInput key="schema" source="schema" choices={schemaChoices} />];

/** The tables the signed-in person may read; a table's name opens its rows. */
export function ExplorerList() {
  return (
    <ConsoleList resource="explorer" filters={tableFilters} sort={{ field: 'tableName', order: 'ASC' }} perPage={25} actions={<ListActions />} empty={<ExplorerEmpty />}>
      <ConsoleDataTable rowClick="show" bulkActionButtons={false}>
        <Column source="schema">
          <TextField source="schema" />
        </Column>
        <Column source="tableName" field={RecordLink} />
        <Column source="dataType" />
        <Column source="rowCount">
          <NumberField source="rowCount" />
        </Column>
      </ConsoleDataTable>
    </ConsoleList>
  );
}
