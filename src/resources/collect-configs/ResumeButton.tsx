import PlayCircleIcon from '@mui/icons-material/PlayCircleOutline';
import { Button, useRecordContext } from 'react-admin';
import type { CollectConfig } from '../../shared';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import { useApiAction } from '../../components/useApiAction';

/** Lets the scheduler run a suspended config again (its failure streak starts over). */
export function ResumeButton({ variant }: { variant?: 'text' | 'contained' }) {
  const dataProvider = useConsoleDataProvider();
  const config = useRecordContext<CollectConfig>();
  const { run, busy } = useApiAction();
  if (!config || config.suspended !== 'Y') return null;
  return (
    <Button
      label="resources.collect-configs.actions.resume"
      variant={variant}
      color="warning"
      disabled={busy}
      onClick={() => run(() => dataProvider.resumeCollectConfig(config.id), { message: 'resources.collect-configs.notifications.resumed', args: { metric: config.metricName } })}
    >
      <PlayCircleIcon />
    </Button>
  );
}
