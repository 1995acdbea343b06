import { DataTable, TextInput } from 'react-admin';
import { ConsoleBulkDeleteButton } from '../ConsoleDeleteButton';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleList } from '../ConsoleList';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { ListActions } from '../ListActions';
import type { AlertMail } from '../../shared';
import { RecordLink } from '../RecordLink';
import { AlertErrorField } from './AlertErrorField';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';

const Column = DataTable.Col<AlertMail>;

const alertMailFilters = [<ConsoleSearchInput key="q" source="q" alwaysOn />, <TextInput key="procedure" source="procedure" />, <TextInput key="errorId" source="errorId" />];

export function AlertMailList() {
  return (
    <ConsoleList resource="alert-mails" filters={alertMailFilters} sort={{ field: 'procedure', order: 'ASC' }} perPage={10} actions={<ListActions />}>
      <ConsoleDataTable rowClick="edit" bulkActionButtons={<ConsoleBulkDeleteButton />}>
        <Column source="procedure" field={RecordLink} />
        <Column source="errorId">
          <AlertErrorField />
        </Column>
        <Column source="subtitle" />
        <Column source="updatedAt">
          <ConsoleDateField source="updatedAt" showTime />
        </Column>
      </ConsoleDataTable>
    </ConsoleList>
  );
}
