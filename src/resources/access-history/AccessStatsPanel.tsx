import { Stack } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { SignInsChart } from './SignInsChart';
import { StatTile } from '../../components/StatTile';
import { useApiRead } from '../../components/useApi';

const TOTALS = ['totalLoginCount', 'totalDashboardViews', 'totalProjectCreateCount', 'totalUploadCount'] as const;

/** Access stats totals and the sign-ins-per-day chart for the list's date range and user. */
export function AccessStatsPanel() {
  const { filterValues } = useListContext();
  const translate = useTranslate();
  const query = { from: filterValues.from || undefined, to: filterValues.to || undefined, adminId: filterValues.adminId || undefined };
  const { data: stats } = useApiRead(['access-history', 'stats', query], (api) => api.getAccessStats(query), {
    // An inverted range is refused by the list too, which shows the message; no toast twice.
    retry: false,
  });
  if (!stats) return null;
  return (
    <Stack spacing={2} sx={{ p: 2 }} data-testid="access-stats">
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
        {TOTALS.map((key) => (
          <StatTile key={key} label={translate(`resources.access-history.stats.${key}`)} value={stats[key]} />
        ))}
      </Stack>
      <SignInsChart days={stats.signInsPerDay} />
    </Stack>
  );
}
