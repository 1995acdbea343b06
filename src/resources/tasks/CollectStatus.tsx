import { AutocompleteInput, FilterButton, ReferenceInput, SelectInput, TextInput, TopToolbar } from 'react-admin';
import { ConsoleDateInput } from '../../components/ConsoleDateInput';
import { UTC, formatDate } from '../../shared';
import { ConsoleList } from '../ConsoleList';
import { CollectBoard } from './CollectBoard';
import { TaskTable } from './TaskTable';
import { processTypeChoices, taskScheduleTypeChoices, taskStatusChoices } from './taskChoices';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';

const DAY_MS = 86_400_000;
/** The board counts tasks by UTC day, as the server does when no period is given. */
const isoDay = (time: number) => formatDate(time, UTC);

/** The period the board opens with: the last 7 days to today (UTC), the server's own default. */
export const defaultPeriod = () => ({ from: isoDay(Date.now() - 6 * DAY_MS), to: isoDay(Date.now()) });

const taskFilters = [
  <ConsoleDateInput key="from" source="from" alwaysOn filter />,
  <ConsoleDateInput key="to" source="to" alwaysOn filter />,
  <ReferenceInput key="configId" source="configId" reference="collect-configs" alwaysOn>
    <AutocompleteInput optionText="metricName" filterToQuery={(q) => ({ q })} sx={{ minWidth: 240 }} />
  </ReferenceInput>,
  <SelectInput key="status" source="status" choices={taskStatusChoices} alwaysOn />,
  <ConsoleSearchInput key="q" source="q" />,
  <TextInput key="processId" source="processId" />,
  <SelectInput key="scheduleType" source="scheduleType" choices={taskScheduleTypeChoices} />,
  <SelectInput key="processType" source="processType" choices={processTypeChoices} />,
];

/** A post task belongs to its collect run's row, not a row of its own. */
const runsOnly = { taskKind: 'COLLECT' };

const taskActions = (
  <TopToolbar>
    <FilterButton disableSaveQuery />
  </TopToolbar>
);

/**
 * Collecting Status (Collect Data Setting): the board for a period, then its runs. The period
 * picker is the task list's from/to filter, so the board, the chart and the list always agree.
 * The list holds collect tasks only (one row per run); each row expands to its post tasks.
 */
export function CollectStatus() {
  return (
    <ConsoleList
      resource="tasks"
      filter={runsOnly}
      filters={taskFilters}
      filterDefaultValues={defaultPeriod()}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={10}
      exporter={false}
      empty={false}
      actions={taskActions}
    >
      <CollectBoard />
      <TaskTable />
    </ConsoleList>
  );
}
