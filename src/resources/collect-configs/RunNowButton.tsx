import { useState } from 'react';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Button, Confirm, useRecordContext } from 'react-admin';
import type { CollectConfig } from '../../shared';
import { useApiWrite } from '../../components/useApi';
import { queuedToast } from './queuedToast';

/** "Run now": queues one collect task for the config (also when suspended or not in use), after a confirmation. */
export function RunNowButton() {
  const config = useRecordContext<CollectConfig>();
  const { run, pending } = useApiWrite();
  const [open, setOpen] = useState(false);
  if (!config) return null;
  const confirm = async () => {
    const done = await run((api) => api.runCollectConfig(config.id), { message: 'resources.collect-configs.notifications.runQueued', args: { metric: config.metricName }, toast: queuedToast });
    if (done) setOpen(false);
  };
  return (
    <>
      <Button label="resources.collect-configs.actions.runNow" onClick={() => setOpen(true)} disabled={pending}>
        <PlayArrowIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title="resources.collect-configs.actions.runNowTitle"
        titleTranslateOptions={{ metric: config.metricName }}
        content="resources.collect-configs.actions.runNowContent"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
