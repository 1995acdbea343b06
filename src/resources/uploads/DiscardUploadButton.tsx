import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { UploadHistory } from '../../shared';
import { useApiWrite } from '../../components/useApi';

/** Discards a checked upload nobody will commit, after asking: nothing is written and its file is removed. */
export function DiscardUploadButton({ upload, onDiscarded }: { upload: UploadHistory; onDiscarded: (upload: UploadHistory) => void }) {
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  // The history shows the discarded upload; a failure is the error toast.
  const { run, pending } = useApiWrite({ success: false });
  const discard = async () => {
    const answer = await run((api) => api.discardUpload(upload.id));
    if (!answer) return;
    onDiscarded(answer.data);
    setAsking(false);
  };
  return (
    <>
      <Button size="small" color="error" onClick={() => setAsking(true)} aria-label={translate('resources.uploads.actions.discardNamed', { name: upload.fileName })}>
        {translate('resources.uploads.actions.discard')}
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)}>
        <DialogTitle>{translate('resources.uploads.actions.confirmDiscard')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('resources.uploads.actions.confirmDiscardContent', { file: upload.fileName, rows: upload.rowCount.toLocaleString() })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{translate('resources.datasets.actions.cancel')}</Button>
          <Button color="error" variant="contained" disabled={pending} onClick={() => void discard()}>
            {translate('resources.uploads.actions.discard')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
