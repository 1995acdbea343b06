import { Box, Stack, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AccessStats } from '../../shared';

const HEIGHT = 120;
const BASELINE_GAP = 2;

/** Stacked bars of successful and failed sign-ins per day, drawn as SVG (no chart library). */
export function SignInsChart({ days }: { days: AccessStats['signInsPerDay'] }) {
  const theme = useTheme();
  const translate = useTranslate();
  const max = Math.max(1, ...days.map((day) => day.success + day.failure));
  const width = Math.max(days.length * 14, 280);
  const barWidth = (width / days.length) * 0.7;
  const scale = (count: number) => (count / max) * (HEIGHT - BASELINE_GAP);
  const totals = days.reduce((sum, day) => ({ success: sum.success + day.success, failure: sum.failure + day.failure }), { success: 0, failure: 0 });
  const label = translate('resources.access-history.stats.chartLabel', { from: days[0]?.day ?? '', to: days.at(-1)?.day ?? '', ...totals });
  return (
    <Box>
      <Typography variant="subtitle2">{translate('resources.access-history.stats.chartTitle')}</Typography>
      <Box component="svg" role="img" aria-label={label} viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" sx={{ width: '100%', height: HEIGHT, display: 'block' }}>
        <line x1={0} x2={width} y1={HEIGHT - BASELINE_GAP} y2={HEIGHT - BASELINE_GAP} stroke={theme.palette.divider} />
        {days.map((day, index) => {
          const x = (index * width) / days.length + (width / days.length - barWidth) / 2;
          const successHeight = scale(day.success);
          const failureHeight = scale(day.failure);
          const base = HEIGHT - BASELINE_GAP;
          return (
            <g key={day.day}>
              <title>{translate('resources.access-history.stats.dayTooltip', { day: day.day, success: day.success, failure: day.failure })}</title>
              <rect x={x} y={base - successHeight} width={barWidth} height={successHeight} fill={theme.palette.success.main} />
              <rect x={x} y={base - successHeight - failureHeight} width={barWidth} height={failureHeight} fill={theme.palette.error.main} />
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
