import { Box, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AccessStats } from '../../shared';
import { StackedBarChart, type BarSegment } from '../../components/StackedBarChart';

type SignInDay = AccessStats['signInsPerDay'][number];

/** Stacked bars of successful and failed sign-ins per day, with axes and a legend. */
export function SignInsChart({ days }: { days: SignInDay[] }) {
  const theme = useTheme();
  const translate = useTranslate();
  const segments: BarSegment<SignInDay>[] = [
    { key: 'SUCCESS', label: translate('resources.access-history.stats.successful'), colour: theme.palette.success.main, count: (day) => day.success },
    { key: 'FAILURE', label: translate('resources.access-history.stats.failed'), colour: theme.palette.error.main, count: (day) => day.failure },
  ];
  const totals = days.reduce((sum, day) => ({ success: sum.success + day.success, failure: sum.failure + day.failure }), { success: 0, failure: 0 });
  const label = translate('resources.access-history.stats.chartLabel', { from: days[0]?.day ?? '', to: days.at(-1)?.day ?? '', ...totals });
  return (
    <Box>
      <Typography variant="subtitle2">{translate('resources.access-history.stats.chartTitle')}</Typography>
      <StackedBarChart
        days={days}
        segments={segments}
        height={120}
        label={label}
        dayHeading={translate('resources.access-history.stats.day')}
        dayTitle={(day) => translate('resources.access-history.stats.dayTooltip', { day: day.day, success: day.success, failure: day.failure })}
      />
    </Box>
  );
}
