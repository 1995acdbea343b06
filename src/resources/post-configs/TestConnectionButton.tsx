import { useState } from 'react';
import { Alert, Dialog, DialogActions, DialogContent } from '@mui/material';
import CableIcon from '@mui/icons-material/Cable';
import { Button, useRecordContext, useTranslate } from 'react-admin';
import type { ConnectionCheck, PostConfig } from '../../shared';
import { useApiWrite } from '../../components/useApi';
import { ApiError } from '../../providers/apiError';
import { DialogHeading } from '../../components/DialogHeading';

/** "Test connection": asks the server to reach the saved target and shows what it answered. */
export function TestConnectionButton() {
  const config = useRecordContext<PostConfig>();
  const translate = useTranslate();
  const [check, setCheck] = useState<ConnectionCheck | null>(null);
  const { run, pending } = useApiWrite({
    success: false,
    failure: (failure) => setCheck({ ok: false, message: failure instanceof ApiError ? failure.text : (failure as Error).message }),
  });
  if (!config) return null;
  const test = async () => {
    const answer = await run((api) => api.testPostConnection(config.id));
    if (answer) setCheck(answer.data);
  };
  return (
    <>
      <Button label="resources.post-configs.actions.testConnection" onClick={test} disabled={pending}>
        <CableIcon />
      </Button>
      <Dialog open={check !== null} onClose={() => setCheck(null)} aria-labelledby="connection-check-title" maxWidth="sm" fullWidth>
        <DialogHeading id="connection-check-title" title={translate('resources.post-configs.actions.testConnection')} onClose={() => setCheck(null)} />
        <DialogContent>
          {check && (
            <Alert severity={check.ok ? 'success' : 'error'} data-testid="connection-check">
              <strong>{translate(check.ok ? 'resources.post-configs.messages.connected' : 'resources.post-configs.messages.notConnected')}</strong> {check.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.close" onClick={() => setCheck(null)} />
        </DialogActions>
      </Dialog>
    </>
  );
}
