import { Paper, Typography } from '@mui/material';

/** One total of the access stats. */
export function StatTile({ label, value }: { label: string; value: number }) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1, minWidth: 140, flex: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value.toLocaleString()}
      </Typography>
    </Paper>
  );
}
