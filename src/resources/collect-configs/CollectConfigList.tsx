import { BulkDeleteButton, DataTable, SelectInput, TextInput } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleList } from '../ConsoleList';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { Stack } from '@mui/material';
import type { CollectConfig } from '../../shared';
import { ActiveFlagField } from '../../components/ActiveFlagField';
import { activeFlagChoices } from '../../components/activeFlagChoices';
import { ListActions } from '../ListActions';
import { TaskStatusChip } from '../tasks/TaskStatusChip';
import { sourceTypeChoices } from './collectChoices';
import { SuspendedChip } from './SuspendedChip';
import { RecordLink } from '../RecordLink';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';

const Column = DataTable.Col<CollectConfig>;

const suspendedChoices = [
  { id: 'Y', name: 'resources.collect-configs.messages.suspended' },
  { id: 'N', name: 'resources.collect-configs.messages.notSuspended' },
];

const collectConfigFilters = [
  <ConsoleSearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="sourceType" source="sourceType" choices={sourceTypeChoices} />,
  <TextInput key="advertiser" source="advertiser" />,
  <TextInput key="dataType" source="dataType" />,
  <SelectInput key="inUse" source="inUse" choices={activeFlagChoices} />,
  <SelectInput key="suspended" source="suspended" choices={suspendedChoices} />,
];

export function CollectConfigList() {
  return (
    <ConsoleList resource="collect-configs" filters={collectConfigFilters} sort={{ field: 'updatedAt', order: 'DESC' }} perPage={10} actions={<ListActions columns />}>
      <ConsoleDataTable rowClick="show" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
        <Column source="metricName" field={RecordLink} />
        <Column source="advertiser" />
        <Column source="dataType" />
        <Column source="sourceType" />
        <Column
          source="schedules"
          disableSort
          render={(config) =>
            config.schedules
              .filter((schedule) => schedule.inUse === 'Y')
              .map((schedule) => schedule.scheduleType)
              .join(', ') || '—'
          }
        />
        <Column source="nextRunAt" disableSort>
          <ConsoleDateField source="nextRunAt" showTime emptyText="—" />
        </Column>
        <Column source="lastTaskStatus" disableSort>
          <TaskStatusChip source="lastTaskStatus" />
        </Column>
        <Column source="inUse">
          <Stack direction="row" spacing={1}>
            <ActiveFlagField source="inUse" />
            <SuspendedChip />
          </Stack>
        </Column>
        <Column source="updatedAt">
          <ConsoleDateField source="updatedAt" showTime />
        </Column>
      </ConsoleDataTable>
    </ConsoleList>
  );
}
