import { Chip, Tooltip } from '@mui/material';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import { useRecordContext, useTranslate } from 'react-admin';
import type { CollectConfig } from '../../shared';
import { formatConsoleDate } from '../../components/ConsoleDateField';

/** Flags a config the scheduler stopped after repeated failures. */
export function SuspendedChip(_props: { label?: string }) {
  const config = useRecordContext<CollectConfig>();
  const translate = useTranslate();
  if (!config || config.suspended !== 'Y') return null;
  return (
    <Tooltip title={translate('resources.collect-configs.messages.suspendedSince', { at: formatConsoleDate(config.suspendedAt, true), count: config.failureStreak })}>
      <Chip size="small" color="warning" icon={<PauseCircleIcon />} label={translate('resources.collect-configs.messages.suspended')} />
    </Tooltip>
  );
}
