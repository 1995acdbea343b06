import { Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CollectStatus } from '../../shared';

function Tile({ label, value, tone }: { label: string; value: string; tone?: 'error' }) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1, minWidth: 160, flex: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" color={tone === 'error' ? 'error' : undefined}>
        {value}
      </Typography>
    </Paper>
  );
}

/** The board's totals for the period: mastered and posted rows, success rate, failed tasks. */
export function BoardTiles({ status }: { status: CollectStatus }) {
  const translate = useTranslate();
  const rate = status.successRate === null ? translate('resources.tasks.board.noRate') : `${status.successRate.toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;
  return (
    <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" data-testid="collect-tiles">
      <Tile label={translate('resources.tasks.board.totalMastered')} value={status.totalMastered.toLocaleString()} />
      <Tile label={translate('resources.tasks.board.totalPosted')} value={status.totalPosted.toLocaleString()} />
      <Tile label={translate('resources.tasks.board.successRate')} value={rate} />
      <Tile label={translate('resources.tasks.board.failedTask')} value={status.failedTask.toLocaleString()} tone={status.failedTask > 0 ? 'error' : undefined} />
    </Stack>
  );
}
