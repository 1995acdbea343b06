import { Alert, Button } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';

/** The toast after queueing tasks: how many, and the way to the board where they can be followed. */
function QueuedToast({ message }: { message: string }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="success"
      variant="filled"
      role="status"
      action={
        <Button component={LinkBase} to="/data/collect-status" color="inherit" size="small">
          {translate('resources.collect-configs.actions.openStatus')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** The `toast` of useApiWrite for actions that queue collect tasks. */
export const queuedToast = (message: string) => <QueuedToast message={message} />;
