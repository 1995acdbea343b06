import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import { ScrollsSideways } from '../../components/ScrollsSideways';
import { formatBytes, type TaskAttempt, type TaskDetail } from '../../shared';
import { taskStateWord } from '../../shared/task-states';
import { durationText } from './TaskRunStatus';

const COLUMNS = ['attempt', 'startedAt', 'duration', 'outcome', 'status', 'bytes', 'url'] as const;

const sizeText = (bytes: number) => (bytes < 1024 ? `${bytes.toLocaleString()} B` : formatBytes(bytes));

/** Each attempt of the run: when it started, how long it took, how it ended, what the source answered (status, size) and the URL it called. */
export function TaskAttemptsField(_props: { label?: string }) {
  const task = useRecordContext<TaskDetail>();
  const translate = useTranslate();
  if (!task) return null;
  // The list's row stands in until the detail arrives: it has no attempts yet.
  if (!task.attempts?.length) return <Typography variant="body2">{translate('resources.tasks.attempts.none')}</Typography>;
  const cell = (attempt: TaskAttempt, column: (typeof COLUMNS)[number]) => {
    switch (column) {
      case 'attempt':
        return `${attempt.attempt}/${task.maxAttempts}`;
      case 'startedAt':
        return formatConsoleDate(attempt.startedAt, true);
      case 'duration':
        return durationText(attempt.durationMs, translate, attempt.outcome !== 'SUCCESS');
      case 'outcome':
        // Succeeded or failed for good read as the task states do; a retried failure says so.
        return attempt.outcome === 'RETRY' ? translate('resources.tasks.attempts.outcomes.RETRY') : taskStateWord(attempt.outcome, translate);
      case 'status':
        return attempt.status ?? '—';
      case 'bytes':
        return attempt.bytes === undefined ? '—' : sizeText(attempt.bytes);
      case 'url':
        return attempt.url ?? '—';
    }
  };
  return (
    <ScrollsSideways>
      <Table size="small" data-testid="task-attempts">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column}>{translate(`resources.tasks.attempts.columns.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {task.attempts.map((attempt, index) => (
            <TableRow key={index}>
              {COLUMNS.map((column) => (
                <TableCell key={column} sx={column === 'url' ? { fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all', minWidth: 240 } : { whiteSpace: 'nowrap' }}>
                  {cell(attempt, column)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollsSideways>
  );
}
