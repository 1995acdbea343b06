import { Box, Stack, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CollectStatus } from '../../shared';

const HEIGHT = 140;
const BASELINE_GAP = 2;

type TaskDay = CollectStatus['tasksPerDay'][number];

/** Bottom to top: finished well, failed, running, waiting. */
const CHART_STATUSES = ['SUCCESS', 'ERROR', 'STARTED', 'PENDING'] as const;
type ChartStatus = (typeof CHART_STATUSES)[number];

/** Stacked bars of tasks per day by status, drawn as SVG like the access-history chart (no chart library). */
export function TasksPerDayChart({ days }: { days: TaskDay[] }) {
  const theme = useTheme();
  const translate = useTranslate();
  const colour: Record<ChartStatus, string> = { SUCCESS: theme.palette.success.main, ERROR: theme.palette.error.main, STARTED: theme.palette.info.main, PENDING: theme.palette.grey[400] };
  const dayTotal = (day: TaskDay) => CHART_STATUSES.reduce((sum, status) => sum + day[status], 0);
  const max = Math.max(1, ...days.map(dayTotal));
  const width = Math.max(days.length * 14, 280);
  const slot = width / Math.max(days.length, 1);
  const barWidth = slot * 0.7;
  const base = HEIGHT - BASELINE_GAP;
  const scale = (count: number) => (count / max) * base;
  const totals = Object.fromEntries(CHART_STATUSES.map((status) => [status, days.reduce((sum, day) => sum + day[status], 0)]));
  const label = translate('resources.tasks.board.chartLabel', { from: days[0]?.day ?? '', to: days.at(-1)?.day ?? '', ...totals });
  return (
    <Box data-testid="tasks-per-day-chart">
      <Stack direction="row" spacing={2} alignItems="center">
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {translate('resources.tasks.board.chartTitle')}
        </Typography>
        {CHART_STATUSES.map((status) => (
          <Stack key={status} direction="row" spacing={0.5} alignItems="center">
            <Box sx={{ width: 10, height: 10, bgcolor: colour[status], borderRadius: 0.5 }} />
            <Typography variant="caption">{translate(`resources.tasks.statuses.${status}`)}</Typography>
          </Stack>
        ))}
      </Stack>
      <Box component="svg" role="img" aria-label={label} viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" sx={{ width: '100%', height: HEIGHT, display: 'block' }}>
        <line x1={0} x2={width} y1={base} y2={base} stroke={theme.palette.divider} />
        {days.map((day, index) => {
          const x = index * slot + (slot - barWidth) / 2;
          let top = base;
          const counts = CHART_STATUSES.map((status) => `${translate(`resources.tasks.statuses.${status}`)} ${day[status]}`).join(', ');
          return (
            <g key={day.day} data-day={day.day}>
              <title>{`${day.day}: ${counts}`}</title>
              {CHART_STATUSES.map((status) => {
                const height = scale(day[status]);
                top -= height;
                return height > 0 ? <rect key={status} data-status={status} x={x} y={top} width={barWidth} height={height} fill={colour[status]} /> : null;
              })}
            </g>
          );
        })}
      </Box>
      <Stack direction="row" justifyContent="space-between">
        <Typography variant="caption" color="text.secondary">
          {days[0]?.day}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {days.at(-1)?.day}
        </Typography>
      </Stack>
    </Box>
  );
}
