import { Box } from '@mui/material';
import { DataTable, NumberField, useRecordContext } from 'react-admin';
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
 * A metric's name in the task table: at most two lines (a longer one ends in an ellipsis; the
 * process table above and the task's page show it whole). On one line a long name left the table
 * wider than its card.
 */
const metricNameSx = { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: 2, overflow: 'hidden', minWidth: '12em' } as const;

/**
 * At 1,440 px beside the menu every column fits: the duration and the actions (Post tasks, Retry)
 * never wrap, a metric's name takes at most two lines (metricNameSx), the cells' side padding is
 * 6 px and an error's text is its first words (all of it on hover and on the task's page), so
 * nothing is cut at the card's edge. The board's process table fits the same way.
 */
export const fitsItsCard = {
  '& .MuiTableCell-root': { px: 0.75 },
  '& .MuiButton-root': { whiteSpace: 'nowrap' },
};

/** A run's card on a phone opens with its metric by name and its task number. */
export function TaskCardName() {
  const task = useRecordContext<Task>();
  if (!task) return null;
  return (
    <>
      #{task.id} <ProcessName metricName={task.metricName} processId={task.processId} />
    </>
  );
}

/** The days a run collected, as its row's Period column says them. */
export function TaskCardPeriod() {
  const task = useRecordContext<Task>();
  if (!task) return null;
  return <>{task.periodFrom === task.periodTo ? task.periodFrom : `${task.periodFrom} – ${task.periodTo}`}</>;
}

/**
 * The runs of the board's drill-down, one row per collect task; a row opens the task's detail and
 * expands to the run's post tasks. Less used columns start hidden (the Columns button shows them).
 */
export function TaskTable() {
  return (
    <ConsoleDataTable rowClick="show" bulkActionButtons={false} expand={<RunPostTasks />} hiddenColumns={['processType', 'scheduleType', 'attempt', 'startedAt', 'finishedAt']} sx={fitsItsCard}>
      <Column source="id" label="resources.tasks.fields.taskId" field={RecordLink} />
      <Column source="metricName" disableSort render={(task) => <ProcessName metricName={task.metricName} processId={task.processId} sx={metricNameSx} />} />
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
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          <TaskDuration />
        </Box>
      </Column>
      <Column
        source="errorText"
        disableSort
        render={(task) => (
          <Box sx={{ maxWidth: 64, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={task.errorText ?? undefined}>
            {task.errorText}
          </Box>
        )}
      />
      <Column source="parentTaskId" label="resources.tasks.run.posts" disableSort>
        <RunPostTasksToggle />
      </Column>
      <Column label="" disableSort>
        {/* The button and its dialog live inside the row: their clicks must not open the task. */}
        <Box onClick={(event) => event.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
          <RetryTaskButton />
        </Box>
      </Column>
    </ConsoleDataTable>
  );
}
