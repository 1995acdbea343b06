import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { LinkBase, useRecordContext, useTranslate } from 'react-admin';
import type { TaskDetail } from '../../shared';
import { TaskStatusChip } from './TaskStatusChip';
import { ScrollsSideways } from '../../components/ScrollsSideways';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import { CodeWords } from '../../components/CodeField';

const preSx = { m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

/** The response metadata of the source (status, pages, rows, bytes, …), pretty-printed. */
export function ResponseMetaField(_props: { label?: string }) {
  const task = useRecordContext<TaskDetail>();
  const translate = useTranslate();
  if (!task) return null;
  if (!task.responseMeta || Object.keys(task.responseMeta).length === 0) return <Typography variant="body2">{translate('resources.tasks.detail.noMeta')}</Typography>;
  return (
    <Box component="pre" sx={preSx} data-testid="response-meta">
      {JSON.stringify(task.responseMeta, null, 2)}
    </Box>
  );
}

/** The error id and text of a failed attempt. */
export function TaskErrorField(_props: { label?: string }) {
  const task = useRecordContext<TaskDetail>();
  const translate = useTranslate();
  if (!task) return null;
  if (!task.errorId && !task.errorText) return <Typography variant="body2">{translate('resources.tasks.detail.noError')}</Typography>;
  return (
    <Box component="pre" sx={{ ...preSx, color: 'error.main' }} data-testid="task-error">
      {[task.errorId, task.errorText].filter(Boolean).join(': ')}
    </Box>
  );
}

/** The task's log lines, oldest first, each at its time in the reader's zone. */
export function TaskLogField(_props: { label?: string }) {
  const task = useRecordContext<TaskDetail>();
  const translate = useTranslate();
  if (!task) return null;
  // The list's row stands in until the detail arrives: it has no log lines yet.
  if (!task.logs?.length) return <Typography variant="body2">{translate('resources.tasks.detail.noLogs')}</Typography>;
  return (
    <Box component="pre" tabIndex={0} sx={{ ...preSx, maxHeight: 320, overflow: 'auto' }} data-testid="task-log">
      {task.logs.map((line) => `${formatConsoleDate(line.at, true)}  ${line.level.padEnd(5)}  ${line.message}`).join('\n')}
    </Box>
  );
}

/** A collect task's posting tasks, one per post config of its data type; each opens its own detail. */
export function PostingTasksField(_props: { label?: string }) {
  const task = useRecordContext<TaskDetail>();
  const translate = useTranslate();
  if (!task || task.taskKind !== 'COLLECT') return null;
  if (!task.postingTasks?.length) return <Typography variant="body2">{translate('resources.tasks.detail.noPostingTasks')}</Typography>;
  return (
    <ScrollsSideways>
      <Table size="small" sx={{ maxWidth: 800 }}>
        <TableHead>
          <TableRow>
            {['taskId', 'targetMethod', 'status', 'rowsPosted', 'errorText'].map((column) => (
              <TableCell key={column}>{translate(`resources.tasks.fields.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {task.postingTasks.map((posting) => (
            <TableRow key={posting.id}>
              <TableCell>
                <LinkBase to={`/tasks/${posting.id}/show`}>#{posting.id}</LinkBase>
              </TableCell>
              <TableCell>{posting.targetMethod ? <CodeWords set="targetMethod" code={posting.targetMethod} /> : '—'}</TableCell>
              <TableCell>
                <TaskStatusChip status={posting.status} />
              </TableCell>
              <TableCell>{posting.rowsPosted.toLocaleString()}</TableCell>
              <TableCell>{posting.errorText}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollsSideways>
  );
}
