import { Box, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AccessStats } from '../../shared';

const HEIGHT = 120;
const LABEL_SPACE = 18;

/** Stacked bars of successful and failed sign-ins per day, drawn as SVG (no chart library). */
export function SignInsChart({ days }: { days: AccessStats['signInsPerDay'] }) {
  const theme = useTheme();
  const translate = useTranslate();
  const max = Math.max(1, ...days.map((day) => day.success + day.failure));
  const width = Math.max(days.length * 14, 280);
  const barWidth = (width / days.length) * 0.7;
  const scale = (count: number) => (count / max) * (HEIGHT - LABEL_SPACE);
  const totals = days.reduce((sum, day) => ({ success: sum.success + day.success, failure: sum.failure + day.failure }), { success: 0, failure: 0 });
  const label = translate('resources.access-history.stats.chartLabel', { from: days[0]?.day ?? '', to: days.at(-1)?.day ?? '', ...totals });
  return (
    <Box>
      <Typography variant="subtitle2">{translate('resources.access-history.stats.chartTitle')}</Typography>
      <Box component="svg" role="img" aria-label={label} viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" sx={{ width: '100%', height: HEIGHT, display: 'block' }}>
        <line x1={0} x2={width} y1={HEIGHT - LABEL_SPACE} y2={HEIGHT - LABEL_SPACE} stroke={theme.palette.divider} />
        {days.map((day, index) => {
          const x = (index * width) / days.length + (width / days.length - barWidth) / 2;
          const successHeight = scale(day.success);
          const failureHeight = scale(day.failure);
          const base = HEIGHT - LABEL_SPACE;
          return (
            <g key={day.day}>
              <title>{translate('resources.access-history.stats.dayTooltip', { day: day.day, success: day.success, failure: day.failure })}</title>
              <rect x={x} y={base - successHeight} width={barWidth} height={successHeight} fill={theme.palette.success.main} />
              <rect x={x} y={base - successHeight - failureHeight} width={barWidth} height={failureHeight} fill={theme.palette.error.main} />
            </g>
          );
        })}
        <text x={0} y={HEIGHT - 4} fontSize={10} fill={theme.palette.text.secondary}>
          {days[0]?.day}
        </text>
        <text x={width} y={HEIGHT - 4} fontSize={10} textAnchor="end" fill={theme.palette.text.secondary}>
          {days.at(-1)?.day}
        </text>
      </Box>
    </Box>
  );
}
