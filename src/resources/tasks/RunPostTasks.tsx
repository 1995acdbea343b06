import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { RecordContextProvider, useExpanded, useGetList, useRecordContext, useTranslate } from 'react-admin';
import type { Task } from '../../shared';
import { RetryTaskButton } from './RetryTaskButton';
import { TaskDuration, TaskRunStatus } from './TaskRunStatus';
import { CodeWords } from '../../components/CodeField';

/** The id of a run's expanded panel: react-admin's DataTable gives its expand row this id. */
const panelId = (id: number) => `tasks-${id}-expand`;

/**
 * Shows or hides a run's post tasks. react-admin's own expand icon is hidden from assistive technology
 * and out of the tab order, so this is the keyboard's way in; both share the same expanded state.
 */
export function RunPostTasksToggle() {
  const task = useRecordContext<Task>();
  const translate = useTranslate();
  const [expanded, toggle] = useExpanded('tasks', task?.id ?? 0);
  if (!task) return null;
  return (
    <Button
      size="small"
      sx={{ whiteSpace: 'nowrap' }}
      aria-label={translate(expanded ? 'resources.tasks.run.hidePosts' : 'resources.tasks.run.showPosts', { id: task.id })}
      aria-expanded={expanded}
      aria-controls={panelId(task.id)}
      endIcon={<ExpandMoreIcon sx={{ transform: expanded ? 'rotate(180deg)' : undefined }} />}
      onClick={(event) => {
        // The toggle is the button's, not the row's: it must not open the task.
        event.stopPropagation();
        toggle();
      }}
    >
      {translate('resources.tasks.run.posts')}
    </Button>
  );
}

/** A collect run's post tasks (fetched by parent id): target, status, rows posted and duration. */
export function RunPostTasks() {
  const run = useRecordContext<Task>();
  const translate = useTranslate();
  const { data, isPending, error } = useGetList<Task>(
    'tasks',
    {
      filter: { parentTaskId: run?.id },
      sort: { field: 'id', order: 'ASC' },
      pagination: { page: 1, perPage: 100 },
    },
    { enabled: !!run },
  );
  if (!run || isPending) return null;
  if (error)
    return (
      <Typography color="error" sx={{ p: 1 }}>
        {translate('resources.tasks.run.loadFailed', { message: error.message })}
      </Typography>
    );
  if (data.length === 0)
    return (
      <Typography variant="body2" sx={{ p: 1 }}>
        {translate('resources.tasks.detail.noPostingTasks')}
      </Typography>
    );
  return (
    <Box sx={{ py: 1 }}>
      <Table size="small" aria-label={translate('resources.tasks.run.postsOf', { id: run.id })}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.tasks.fields.taskId')}</TableCell>
            <TableCell>{translate('resources.tasks.fields.targetMethod')}</TableCell>
            <TableCell>{translate('resources.tasks.fields.status')}</TableCell>
            <TableCell align="right">{translate('resources.tasks.fields.rowsPosted')}</TableCell>
            <TableCell>{translate('resources.tasks.fields.duration')}</TableCell>
            <TableCell>{translate('resources.tasks.fields.errorText')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((post) => (
            <RecordContextProvider key={post.id} value={post}>
              <TableRow>
                <TableCell>#{post.id}</TableCell>
                <TableCell>{post.targetMethod ? <CodeWords set="targetMethod" code={post.targetMethod} /> : '—'}</TableCell>
                <TableCell>
                  <TaskRunStatus />
                </TableCell>
                <TableCell align="right">{post.rowsPosted.toLocaleString()}</TableCell>
                <TableCell>
                  <TaskDuration />
                </TableCell>
                <TableCell>{post.errorText}</TableCell>
                <TableCell>
                  <RetryTaskButton />
                </TableCell>
              </TableRow>
            </RecordContextProvider>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
