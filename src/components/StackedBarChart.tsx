import { Box, Stack, Typography, useTheme } from '@mui/material';

const BASELINE_GAP = 2;

/** One part of each day's bar, e.g. the day's failed sign-ins, in its colour. */
export interface BarSegment<Day> {
  key: string;
  colour: string;
  count: (day: Day) => number;
}

interface StackedBarChartProps<Day extends { day: string }> {
  days: Day[];
  /** Bottom to top. */
  segments: BarSegment<Day>[];
  height: number;
  /** What a screen reader says for the whole chart. */
  label: string;
  /** The tooltip of one day's bar. */
  dayTitle: (day: Day) => string;
}

/**
 * One stacked bar per day, scaled to the busiest day, with the first and last day under it.
 * Drawn as SVG so that no chart library is needed for the few charts of the console.
 */
export function StackedBarChart<Day extends { day: string }>({ days, segments, height, label, dayTitle }: StackedBarChartProps<Day>) {
  const theme = useTheme();
  const total = (day: Day) => segments.reduce((sum, segment) => sum + segment.count(day), 0);
  const max = Math.max(1, ...days.map(total));
  const width = Math.max(days.length * 14, 280);
  const slot = width / Math.max(days.length, 1);
  const barWidth = slot * 0.7;
  const base = height - BASELINE_GAP;
  return (
    <>
      <Box component="svg" role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" sx={{ width: '100%', height, display: 'block' }}>
        <line x1={0} x2={width} y1={base} y2={base} stroke={theme.palette.divider} />
        {days.map((day, index) => {
          const x = index * slot + (slot - barWidth) / 2;
          let top = base;
          return (
            <g key={day.day} data-day={day.day}>
              <title>{dayTitle(day)}</title>
              {segments.map((segment) => {
                const barHeight = (segment.count(day) / max) * base;
                top -= barHeight;
                return barHeight > 0 ? <rect key={segment.key} data-status={segment.key} x={x} y={top} width={barWidth} height={barHeight} fill={segment.colour} /> : null;
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
    </>
  );
}
