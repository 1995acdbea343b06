import { Box, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CollectStatus } from '../../shared';
import { taskStateWord } from '../../shared/task-states';
import { StackedBarChart, type BarSegment } from '../../components/StackedBarChart';

type TaskDay = CollectStatus['tasksPerDay'][number];

/** Bottom to top: finished well, failed, running, waiting. */
const CHART_STATUSES = ['SUCCESS', 'ERROR', 'STARTED', 'PENDING'] as const;
type ChartStatus = (typeof CHART_STATUSES)[number];

/** Stacked bars of tasks per day by status, with a legend of the statuses. */
export function TasksPerDayChart({ days }: { days: TaskDay[] }) {
  const theme = useTheme();
  const translate = useTranslate();
  const colour: Record<ChartStatus, string> = { SUCCESS: theme.palette.success.main, ERROR: theme.palette.error.main, STARTED: theme.palette.info.main, PENDING: theme.palette.grey[400] };
  const statusName = (status: ChartStatus) => taskStateWord(status, translate);
  const segments: BarSegment<TaskDay>[] = CHART_STATUSES.map((status) => ({ key: status, label: statusName(status), colour: colour[status], count: (day) => day[status] }));
  const totals = Object.fromEntries(CHART_STATUSES.map((status) => [status, days.reduce((sum, day) => sum + day[status], 0)]));
  const counts = CHART_STATUSES.map((status) => `${statusName(status)} ${totals[status]}`).join(', ');
  const label = translate('resources.tasks.board.chartLabel', { from: days[0]?.day ?? '', to: days.at(-1)?.day ?? '', counts });
  const dayTitle = (day: TaskDay) => `${day.day}: ${CHART_STATUSES.map((status) => `${statusName(status)} ${day[status]}`).join(', ')}`;
  return (
    <Box data-testid="tasks-per-day-chart">
      <Typography variant="subtitle2">{translate('resources.tasks.board.chartTitle')}</Typography>
      <StackedBarChart days={days} segments={segments} height={140} label={label} dayHeading={translate('resources.tasks.board.day')} dayTitle={dayTitle} />
    </Box>
  );
}
