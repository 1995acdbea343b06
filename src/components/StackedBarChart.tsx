import { Box, Stack, Typography, useTheme } from '@mui/material';
import { visuallyHidden } from '@mui/utils';

const BASELINE_GAP = 2;

/** One part of each day's bar, e.g. the day's failed sign-ins, in its colour. */
export interface BarSegment<Day> {
  key: string;
  /** Its name in the legend and in the table of values. */
  label: string;
  colour: string;
  count: (day: Day) => number;
}

interface StackedBarChartProps<Day extends { day: string }> {
  days: Day[];
  /** Bottom to top. */
  segments: BarSegment<Day>[];
  height: number;
  /** What a screen reader says for the whole chart; also the name of its table of values. */
  label: string;
  /** The heading of the day column in the table of values. */
  dayHeading: string;
  /** The tooltip of one day's bar. */
  dayTitle: (day: Day) => string;
}

/** The top of the value axis: the busiest day rounded up to 2 × a step of 1, 2 or 5 × 10ⁿ, so both ticks are round numbers. */
export function axisTop(busiest: number): number {
  const half = Math.max(busiest, 1) / 2;
  const magnitude = 10 ** Math.floor(Math.log10(half));
  const step = [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= half)!;
  return Math.max(1, Math.ceil(step)) * 2;
}

/**
 * One stacked bar per day with a value axis (0, half, top), the first, middle and last day under
 * it, and a legend. Screen readers get the summary as the chart's name and every day's values in a
 * visually hidden table. Drawn as SVG so that no chart library is needed for the few charts of the console.
 */
export function StackedBarChart<Day extends { day: string }>({ days, segments, height, label, dayHeading, dayTitle }: StackedBarChartProps<Day>) {
  const theme = useTheme();
  const total = (day: Day) => segments.reduce((sum, segment) => sum + segment.count(day), 0);
  const top = axisTop(Math.max(0, ...days.map(total)));
  const ticks = [0, top / 2, top];
  const width = Math.max(days.length * 14, 280);
  const slot = width / Math.max(days.length, 1);
  const barWidth = slot * 0.7;
  const base = height - BASELINE_GAP;
  const yOf = (value: number) => base - (value / top) * base;
  const dayMarks = [...new Set([days[0], days[Math.floor((days.length - 1) / 2)], days.at(-1)])].filter((day): day is Day => day !== undefined);
  return (
    <Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 0.5 }} aria-hidden>
        {segments.map((segment) => (
          <Stack key={segment.key} direction="row" spacing={0.5} sx={{ alignItems: 'center' }} data-legend={segment.key}>
            <Box sx={{ width: 10, height: 10, bgcolor: segment.colour, borderRadius: 0.5 }} />
            <Typography variant="caption">{segment.label}</Typography>
          </Stack>
        ))}
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}>
        <Box sx={{ position: 'relative', height, minWidth: '2ch' }} aria-hidden data-testid="value-axis">
          {ticks.map((tick) => (
            <Typography key={tick} variant="caption" color="text.secondary" sx={{ position: 'absolute', right: 0, top: yOf(tick), transform: 'translateY(-50%)', lineHeight: 1, whiteSpace: 'nowrap' }}>
              {tick.toLocaleString()}
            </Typography>
          ))}
        </Box>
        <Box component="svg" role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" sx={{ width: '100%', height, display: 'block' }}>
          {ticks.slice(1).map((tick) => (
            <line key={tick} x1={0} x2={width} y1={yOf(tick)} y2={yOf(tick)} stroke={theme.palette.divider} strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
          ))}
          <line x1={0} x2={width} y1={base} y2={base} stroke={theme.palette.text.secondary} vectorEffect="non-scaling-stroke" />
          {days.map((day, index) => {
            const x = index * slot + (slot - barWidth) / 2;
            let barTop = base;
            return (
              <g key={day.day} data-day={day.day}>
                <title>{dayTitle(day)}</title>
                {segments.map((segment) => {
                  const barHeight = (segment.count(day) / top) * base;
                  barTop -= barHeight;
                  return barHeight > 0 ? <rect key={segment.key} data-status={segment.key} x={x} y={barTop} width={barWidth} height={barHeight} fill={segment.colour} /> : null;
                })}
              </g>
            );
          })}
        </Box>
        <Box />
        <Stack direction="row" sx={{ justifyContent: 'space-between' }} aria-hidden data-testid="day-axis">
          {dayMarks.map((day) => (
            <Typography key={day.day} variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {day.day}
            </Typography>
          ))}
        </Stack>
      </Box>
      {/* ARIA table roles on plain elements: a screen reader reads a table, while page scripts and styles
          that look for table rows (<tr>) find only the screen's own tables. */}
      <Box role="table" aria-label={label} sx={visuallyHidden}>
        <div role="rowgroup">
          <div role="row">
            <span role="columnheader">{dayHeading}</span>
            {segments.map((segment) => (
              <span key={segment.key} role="columnheader">
                {segment.label}
              </span>
            ))}
          </div>
        </div>
        <div role="rowgroup">
          {days.map((day) => (
            <div key={day.day} role="row">
              <span role="rowheader">{day.day}</span>
              {segments.map((segment) => (
                <span key={segment.key} role="cell">
                  {segment.count(day)}
                </span>
              ))}
            </div>
          ))}
        </div>
      </Box>
    </Box>
  );
}
