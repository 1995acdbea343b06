import { DataTable, FilterButton, NumberField, SelectInput, TextInput, TopToolbar } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleDateTimeInput } from '../../components/ConsoleDateInput';
import { ConsoleList } from '../ConsoleList';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { HTTP_METHODS, STATUS_CLASSES, toIsoInstant, type SystemLogEntry } from '../../shared';
import { SignedExportButton } from '../../components/SignedExportButton';
import { HttpStatusField } from './HttpStatusField';
import { RetentionSetting } from './RetentionSetting';
import { CollectRetentionCard } from '../tasks/CollectRetentionCard';
import { RecordLink } from '../RecordLink';

const Column = DataTable.Col<SystemLogEntry>;

const logFilters = [
  <ConsoleDateTimeInput key="from" source="from" parse={toIsoInstant} alwaysOn filter />,
  <ConsoleDateTimeInput key="to" source="to" parse={toIsoInstant} alwaysOn filter />,
  <TextInput key="email" source="email" />,
  <SelectInput key="httpMethod" source="httpMethod" choices={HTTP_METHODS.map((method) => ({ id: method, name: method }))} />,
  <SelectInput key="statusClass" source="statusClass" choices={STATUS_CLASSES.map((statusClass) => ({ id: statusClass, name: statusClass }))} />,
  <TextInput key="endPoint" source="endPoint" />,
];

/** Newest first; paging forward uses the server's keyset cursor, so deep pages stay fast. */
export function SystemLogList() {
  return (
    <>
      <RetentionSetting />
      <CollectRetentionCard />
      <ConsoleList
        resource="system-logs"
        filters={logFilters}
        sort={{ field: 'requestAt', order: 'DESC' }}
        perPage={10}
        actions={
          <TopToolbar>
            <FilterButton disableSaveQuery />
            <SignedExportButton exportRows={(api, filter) => api.exportSystemLog(filter)} label="resources.system-logs.actions.export" />
          </TopToolbar>
        }
      >
        <ConsoleDataTable rowClick="show" bulkActionButtons={false}>
          <Column source="requestAt">
            <ConsoleDateField source="requestAt" showTime />
          </Column>
          <Column source="email" disableSort />
          <Column source="httpMethod" disableSort />
          <Column source="endPoint" disableSort field={RecordLink} />
          <Column source="httpStatus" disableSort>
            <HttpStatusField />
          </Column>
          <Column source="adminId" disableSort>
            <NumberField source="adminId" />
          </Column>
          <Column source="sourceIp" disableSort />
        </ConsoleDataTable>
      </ConsoleList>
    </>
  );
}
