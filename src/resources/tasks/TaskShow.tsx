import { Button } from '@mui/material';
import { FunctionField, LinkBase, NumberField, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import type { TaskDetail } from '../../shared';
import { BOARD_POLL_MS } from './CollectBoard';
import { CodeChip } from '../../components/CodeChip';
import { CodeField } from '../../components/CodeField';
import { RetryTaskButton } from './RetryTaskButton';
import { PostingTasksField, ResponseMetaField, TaskErrorField, TaskLogField } from './TaskDetailFields';
import { TaskAttemptsField } from './TaskAttemptsField';
import { TaskDuration, TaskRunStatus } from './TaskRunStatus';
import { ProcessName } from './ProcessName';

function TaskShowActions() {
  const task = useRecordContext<TaskDetail>();
  const translate = useTranslate();
  return (
    <TopToolbar>
      {task && (
        <Button component={LinkBase} to={`/collect-configs/${task.configId}/show`} size="small">
          {translate('resources.tasks.actions.openConfig')}
        </Button>
      )}
      <RetryTaskButton />
    </TopToolbar>
  );
}

// Until the detail arrives the record may be the list's row (no postingTasks, no logs).
const isUnderway = (task?: TaskDetail) =>
  task?.status === 'PENDING' || task?.status === 'STARTED' || task?.postingTasks?.some((posting) => posting.status === 'PENDING' || posting.status === 'STARTED');

/**
 * A task's detail: where its data came from and went, how long the run took and each attempt
 * (status, size, URL called), the source's response metadata, the error and the log. The id comes from the route (`id` for rendering it elsewhere).
 */
export function TaskShow({ id }: { id?: number }) {
  return (
    <Show<TaskDetail> id={id} actions={<TaskShowActions />} queryOptions={{ refetchInterval: (query) => (isUnderway(query.state.data) ? BOARD_POLL_MS : false) }}>
      <SimpleShowLayout>
        <NumberField source="id" label="resources.tasks.fields.taskId" />
        <CodeChip source="taskKind" messages="resources.tasks.kinds" colors={{}} label="resources.tasks.fields.taskKind" />
        <FunctionField<TaskDetail> source="metricName" render={(task) => <ProcessName metricName={task.metricName} processId={task.processId} />} />
        <CodeField set="processType" source="processType" />
        <CodeChip source="scheduleType" messages="resources.tasks.scheduleTypes" colors={{}} label="resources.tasks.fields.scheduleType" />
        <TaskRunStatus label="resources.tasks.fields.status" />
        <FunctionField<TaskDetail> label="resources.tasks.fields.attempt" render={(task) => `${task.attempt}/${task.maxAttempts}`} />
        <FunctionField<TaskDetail> label="resources.tasks.fields.period" render={(task) => `${task.periodFrom} – ${task.periodTo}`} />
        <FunctionField<TaskDetail> source="parentTaskId" render={(task) => (task.parentTaskId ? <LinkBase to={`/tasks/${task.parentTaskId}/show`}>#{task.parentTaskId}</LinkBase> : '—')} />
        <CodeField set="targetMethod" source="targetMethod" />
        <TextField source="dataLocation" emptyText="—" />
        <TextField source="targetLocation" emptyText="—" />
        <NumberField source="rowsFetched" />
        <NumberField source="rowsMastered" />
        <NumberField source="rowsPosted" />
        <ConsoleDateField source="dueAt" showTime />
        <ConsoleDateField source="startedAt" showTime emptyText="—" />
        <ConsoleDateField source="finishedAt" showTime emptyText="—" />
        <FunctionField<TaskDetail> label="resources.tasks.fields.duration" render={() => <TaskDuration />} />
        <TaskAttemptsField label="resources.tasks.fields.attempts" />
        <ResponseMetaField label="resources.tasks.fields.responseMeta" />
        <TaskErrorField label="resources.tasks.fields.errorText" />
        <TaskLogField label="resources.tasks.fields.logs" />
        <PostingTasksField label="resources.tasks.fields.postingTasks" />
      </SimpleShowLayout>
    </Show>
  );
}
