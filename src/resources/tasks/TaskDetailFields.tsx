import { Fragment, useId, useState } from 'react';
import { Box, Button, Collapse, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { LinkBase, useRecordContext, useTranslate } from 'react-admin';
import { TASK_ERROR_IDS, type ResponseMeta, type TaskDetail, type TaskErrorId } from '../../shared';
import { FAILED_AT_ONCE_MS } from '../../shared/run-durations';
import { TaskRunStatus } from './TaskRunStatus';
import { ScrollsSideways } from '../../components/ScrollsSideways';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import { CodeWords } from '../../components/CodeField';

/** The metadata a person reads, in this order. */
const META_ORDER = ['status', 'contentType', 'pages', 'rows', 'bytes', 'durationMs', 'files', 'url'] as const satisfies readonly (keyof ResponseMeta)[];
const isTaskErrorId = (id: string): id is TaskErrorId => (TASK_ERROR_IDS as readonly string[]).includes(id);

const preSx = { m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

/** The response metadata of the source (status, pages, rows, bytes, …), one labelled line each. */
export function ResponseMetaField(_props: { label?: string }) {
  const task = useRecordContext<TaskDetail>();
  const translate = useTranslate();
  if (!task) return null;
  const meta = task.responseMeta ?? {};
  const shown = META_ORDER.filter((key) => meta[key] !== undefined && meta[key] !== null);
  if (shown.length === 0) return <Typography variant="body2">{translate('resources.tasks.detail.noMeta')}</Typography>;
  const value = (key: (typeof META_ORDER)[number]) => {
    const item = meta[key]!;
    // A failed read that took under a second took no time worth a number (src/shared/run-durations.ts).
    if (key === 'durationMs' && task.status === 'ERROR' && (item as number) < FAILED_AT_ONCE_MS) return translate('resources.tasks.duration.failedAtOnce');
    if (key === 'durationMs') return translate('resources.tasks.meta.milliseconds', { count: (item as number).toLocaleString() });
    if (key === 'bytes') return translate('resources.tasks.meta.byteCount', { count: (item as number).toLocaleString() });
    return Array.isArray(item) ? item.join(', ') : typeof item === 'number' ? item.toLocaleString() : String(item);
  };
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }} data-testid="response-meta">
      {shown.map((key) => (
        <Fragment key={key}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(`resources.tasks.meta.${key}`)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
            {value(key)}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}

/**
 * Why a failed attempt failed and what to do next, in words; the error id and the raw text (what the
 * network or the source said) wait behind Details, for whoever digs further.
 */
export function TaskErrorField(_props: { label?: string }) {
  const task = useRecordContext<TaskDetail>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  if (!task) return null;
  if (!task.errorId && !task.errorText) return <Typography variant="body2">{translate('resources.tasks.detail.noError')}</Typography>;
  const known = task.errorId && isTaskErrorId(task.errorId) ? task.errorId : undefined;
  return (
    <Box data-testid="task-error">
      {known && (
        <>
          <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 600 }}>
            <CodeWords set="taskError" code={known} />
          </Typography>
          <Typography variant="body2">{translate(`resources.tasks.failures.${known}.next`)}</Typography>
        </>
      )}
      <Button size="small" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((shown) => !shown)} sx={{ px: 0, minWidth: 0 }}>
        {translate('console.result.details')}
      </Button>
      <Collapse in={open} id={detailsId} unmountOnExit>
        <Box component="pre" sx={preSx} data-testid="task-error-details">
          {[task.errorId, task.errorText].filter(Boolean).join(': ')}
        </Box>
      </Collapse>
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
                <TaskRunStatus status={posting.status} retryAt={posting.retryAt} />
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
