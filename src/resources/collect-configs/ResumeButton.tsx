import PlayCircleIcon from '@mui/icons-material/PlayCircleOutline';
import { Button, useRecordContext } from 'react-admin';
import type { CollectConfig } from '../../shared';
import { useApiWrite } from '../../components/useApi';

/** Lets the scheduler run a suspended config again (its failure streak starts over). */
export function ResumeButton({ variant }: { variant?: 'text' | 'contained' }) {
  const config = useRecordContext<CollectConfig>();
  const { run, pending } = useApiWrite();
  if (!config || config.suspended !== 'Y') return null;
  return (
    <Button
      label="resources.collect-configs.actions.resume"
      variant={variant}
      color="warning"
      disabled={pending}
      onClick={() => run((api) => api.resumeCollectConfig(config.id, config), { message: 'resources.collect-configs.notifications.resumed', args: { metric: config.metricName } })}
    >
      <PlayCircleIcon />
    </Button>
  );
}
