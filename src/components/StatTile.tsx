import { Paper, Typography } from '@mui/material';

interface StatTileProps {
  label: string;
  /** A number is shown with the locale's digit grouping; text (a rate, "—") as it is. */
  value: number | string;
  /** Red, for a total that needs attention (failed tasks). */
  tone?: 'error';
  minWidth?: number;
}

/** One total on a stats board (access stats, collecting status). */
export function StatTile({ label, value, tone, minWidth = 140 }: StatTileProps) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1, minWidth, flex: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" color={tone === 'error' ? 'error' : undefined}>
        {typeof value === 'number' ? value.toLocaleString() : value}
      </Typography>
    </Paper>
  );
}
