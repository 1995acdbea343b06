import { useEffect } from 'react';
import { Alert, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { ApiError } from '../../providers/apiError';
import type { CollectProcessRow } from '../../shared';
import { BoardTiles } from './BoardTiles';
import { ProcessTable } from './ProcessTable';
import { TasksPerDayChart } from './TasksPerDayChart';
import { useCollectStatus } from './useCollectStatus';

export { BOARD_POLL_MS } from './useCollectStatus';

/**
 * The status board above the task list: totals, tasks per day and the process rows for the
 * list's period and filters. While any task is pending or running it reloads itself and
 * the task list every few seconds; a process row narrows the task list to that config.
 */
export function CollectBoard() {
  const { filterValues, setFilters, refetch: refetchTasks } = useListContext();
  const translate = useTranslate();
  const { data: status, error, isPending } = useCollectStatus();
  const running = status?.running ?? false;
  // The task list follows the board: reload it on every poll while running and once when work ends.
  const updatedAt = status ? JSON.stringify([status.tasksPerDay, status.processes.map((process) => [process.status, process.updatedAt])]) : '';
  useEffect(() => {
    if (updatedAt) refetchTasks();
  }, [updatedAt, refetchTasks]);

  const showTasks = (process: CollectProcessRow) => setFilters({ ...filterValues, configId: process.configId }, undefined);

  if (error) {
    const message = error instanceof ApiError ? error.text : error.message;
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {translate('resources.tasks.board.loadFailed', { message })}
      </Alert>
    );
  }
  if (isPending || !status) {
    return (
      <Stack spacing={2} sx={{ p: 2 }} aria-busy="true">
        <Skeleton variant="rounded" height={64} />
        <Skeleton variant="rounded" height={140} />
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ p: 2 }} data-testid="collect-board">
      {running && (
        <Alert severity="info" role="status">
          {translate('resources.tasks.board.running')}
        </Alert>
      )}
      <BoardTiles status={status} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <TasksPerDayChart days={status.tasksPerDay} />
      </Paper>
      <Typography variant="subtitle1" component="h2">
        {translate('resources.tasks.board.processes')}
      </Typography>
      <ProcessTable processes={status.processes} selectedConfigId={filterValues.configId} onShowTasks={showTasks} />
      <Typography variant="subtitle1" component="h2">
        {translate('resources.tasks.board.tasks')}
      </Typography>
    </Stack>
  );
}
