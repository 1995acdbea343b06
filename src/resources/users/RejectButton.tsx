import { useState } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import { Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { Button, useRecordContext, useTranslate } from 'react-admin';
import type { AdminDetail } from '../../shared';
import { useApiWrite } from '../../components/useApi';

/** Rejects a pending sign-up with a reason, which is kept on the account. */
export function RejectButton() {
  const record = useRecordContext<AdminDetail>();
  const translate = useTranslate();
  const { run, pending } = useApiWrite();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!record) return null;
  return (
    <>
      <Button label="resources.users.actions.reject" color="error" onClick={() => setOpen(true)}>
        <BlockIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="reject-title" fullWidth maxWidth="xs">
        <DialogTitle id="reject-title">{translate('resources.users.confirm.rejectTitle', { name: record.name })}</DialogTitle>
        <DialogContent>
          <TextField
            // eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog moves focus into itself (WAI-ARIA dialog pattern)
            autoFocus
            name="reason"
            label={translate('resources.users.confirm.rejectReason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
          <Button
            label="resources.users.actions.reject"
            color="error"
            variant="contained"
            disabled={pending || !reason.trim()}
            onClick={() => run((api) => api.rejectUser(record.id, reason.trim(), record), { message: 'resources.users.messages.rejected', args: { name: record.name }, onDone: () => setOpen(false) })}
          />
        </DialogActions>
      </Dialog>
    </>
  );
}
