import { Box } from '@mui/material';
import { DataTable, NumberField } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import type { Task } from '../../shared';
import { CodeChip } from '../../components/CodeChip';
import { RetryTaskButton } from './RetryTaskButton';
import { RunPostTasks, RunPostTasksToggle } from './RunPostTasks';
import { TaskDuration, TaskRunStatus } from './TaskRunStatus';
import { ProcessName } from './ProcessName';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { RecordLink } from '../RecordLink';
import { CodeField } from '../../components/CodeField';

const Column = DataTable.Col<Task>;

/**
 * The runs of the board's drill-down, one row per collect task; a row opens the task's detail and
 * expands to the run's post tasks. Less used columns start hidden (the Columns button shows them).
 */
export function TaskTable() {
  return (
    <ConsoleDataTable rowClick="show" bulkActionButtons={false} expand={<RunPostTasks />} hiddenColumns={['processType', 'scheduleType', 'attempt', 'startedAt', 'finishedAt']}>
      <Column source="id" label="resources.tasks.fields.taskId" field={RecordLink} />
      <Column source="metricName" disableSort render={(task) => <ProcessName metricName={task.metricName} processId={task.processId} />} />
      <Column source="processType">
        <CodeField set="processType" source="processType" />
      </Column>
      <Column source="scheduleType">
        <CodeChip source="scheduleType" messages="resources.tasks.scheduleTypes" colors={{}} />
      </Column>
      <Column source="status">
        <TaskRunStatus />
      </Column>
      <Column source="attempt" disableSort render={(task) => `${task.attempt}/${task.maxAttempts}`} />
      <Column
        source="periodFrom"
        disableSort
        render={(task) => <Box sx={{ whiteSpace: 'nowrap' }}>{task.periodFrom === task.periodTo ? task.periodFrom : `${task.periodFrom} – ${task.periodTo}`}</Box>}
        label="resources.tasks.fields.period"
      />
      <Column source="rowsMastered" disableSort>
        <NumberField source="rowsMastered" />
      </Column>
      <Column source="rowsPosted" disableSort>
        <NumberField source="postsRowsPosted" />
      </Column>
      <Column source="createdAt">
        <ConsoleDateField source="createdAt" showTime />
      </Column>
      <Column source="startedAt">
        <ConsoleDateField source="startedAt" showTime />
      </Column>
      <Column source="finishedAt">
        <ConsoleDateField source="finishedAt" showTime />
      </Column>
      <Column source="duration" disableSort>
        <TaskDuration />
      </Column>
      <Column
        source="errorText"
        disableSort
        render={(task) => (
          <Box sx={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={task.errorText ?? undefined}>
            {task.errorText}
          </Box>
        )}
      />
      <Column source="parentTaskId" label="resources.tasks.run.posts" disableSort>
        <RunPostTasksToggle />
      </Column>
      <Column label="" disableSort>
        {/* The button and its dialog live inside the row: their clicks must not open the task. */}
        <Box onClick={(event) => event.stopPropagation()}>
          <RetryTaskButton />
        </Box>
      </Column>
    </ConsoleDataTable>
  );
}
