import { DataTable, SelectInput, useTranslate } from 'react-admin';
import { ConsoleBulkDeleteButton } from '../ConsoleDeleteButton';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleList } from '../ConsoleList';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { Stack } from '@mui/material';
import type { CollectConfig } from '../../shared';
import { ActiveFlagField } from '../../components/ActiveFlagField';
import { CodeField } from '../../components/CodeField';
import { CodeInput } from '../../components/CodeInput';
import { PropertyCodeField } from '../../components/PropertyCodeField';
import { codeMessageKey } from '../../shared/code-sets';
import { activeFlagChoices } from '../../components/activeFlagChoices';
import { ListActions } from '../ListActions';
import { LastTaskState } from '../tasks/TaskRunStatus';
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
  <CodeInput key="advertiser" kind="advertisers" source="advertiser" />,
  <CodeInput key="dataType" kind="data-types" source="dataType" />,
  <SelectInput key="inUse" source="inUse" choices={activeFlagChoices} />,
  <SelectInput key="suspended" source="suspended" choices={suspendedChoices} />,
];

export function CollectConfigList() {
  const translate = useTranslate();
  return (
    <ConsoleList resource="collect-configs" filters={collectConfigFilters} sort={{ field: 'updatedAt', order: 'DESC' }} perPage={10} actions={<ListActions />}>
      <ConsoleDataTable rowClick="show" bulkActionButtons={<ConsoleBulkDeleteButton />}>
        <Column source="metricName" field={RecordLink} />
        <Column source="advertiser">
          <PropertyCodeField kind="advertisers" source="advertiser" />
        </Column>
        <Column source="dataType">
          <PropertyCodeField kind="data-types" source="dataType" />
        </Column>
        <Column source="sourceType">
          <CodeField set="sourceType" source="sourceType" />
        </Column>
        <Column
          source="schedules"
          disableSort
          render={(config) =>
            config.schedules
              .filter((schedule) => schedule.inUse === 'Y')
              .map((schedule) => translate(codeMessageKey('scheduleType', schedule.scheduleType)))
              .join(', ') || '—'
          }
        />
        <Column source="nextRunAt" disableSort>
          <ConsoleDateField source="nextRunAt" showTime emptyText="—" />
        </Column>
        <Column source="lastTaskStatus" disableSort>
          <LastTaskState />
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
