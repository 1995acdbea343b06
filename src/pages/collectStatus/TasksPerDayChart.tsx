import { Box, Stack, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CollectStatus } from '../../shared';
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
  const segments: BarSegment<TaskDay>[] = CHART_STATUSES.map((status) => ({ key: status, colour: colour[status], count: (day) => day[status] }));
  const statusName = (status: ChartStatus) => translate(`resources.tasks.statuses.${status}`);
  const totals = Object.fromEntries(CHART_STATUSES.map((status) => [status, days.reduce((sum, day) => sum + day[status], 0)]));
  const label = translate('resources.tasks.board.chartLabel', { from: days[0]?.day ?? '', to: days.at(-1)?.day ?? '', ...totals });
  const dayTitle = (day: TaskDay) => `${day.day}: ${CHART_STATUSES.map((status) => `${statusName(status)} ${day[status]}`).join(', ')}`;
  return (
    <Box data-testid="tasks-per-day-chart">
      <Stack direction="row" spacing={2} alignItems="center">
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {translate('resources.tasks.board.chartTitle')}
        </Typography>
        {CHART_STATUSES.map((status) => (
          <Stack key={status} direction="row" spacing={0.5} alignItems="center">
            <Box sx={{ width: 10, height: 10, bgcolor: colour[status], borderRadius: 0.5 }} />
            <Typography variant="caption">{statusName(status)}</Typography>
          </Stack>
        ))}
      </Stack>
      <StackedBarChart days={days} segments={segments} height={140} label={label} dayTitle={dayTitle} />
    </Box>
  );
}
