import { Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CollectStatus } from '../../shared';
import { StatTile } from '../../components/StatTile';

/** The board's totals for the period: mastered and posted rows, success rate, failed tasks. */
export function BoardTiles({ status }: { status: CollectStatus }) {
  const translate = useTranslate();
  const rate = status.successRate === null ? translate('resources.tasks.board.noRate') : `${status.successRate.toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;
  return (
    <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" data-testid="collect-tiles">
      <StatTile minWidth={160} label={translate('resources.tasks.board.totalMastered')} value={status.totalMastered} />
      <StatTile minWidth={160} label={translate('resources.tasks.board.totalPosted')} value={status.totalPosted} />
      <StatTile minWidth={160} label={translate('resources.tasks.board.successRate')} value={rate} />
      <StatTile minWidth={160} label={translate('resources.tasks.board.failedTask')} value={status.failedTask} tone={status.failedTask > 0 ? 'error' : undefined} />
    </Stack>
  );
}
