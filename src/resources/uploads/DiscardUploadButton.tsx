import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { UploadHistory } from '../../shared';
import { useApiErrorToast } from '../../components/useApiErrorToast';
import { useConsoleDataProvider } from '../../providers/dataProvider';

/** Discards a checked upload nobody will commit, after asking: nothing is written and its file is removed. */
export function DiscardUploadButton({ upload, onDiscarded }: { upload: UploadHistory; onDiscarded: (upload: UploadHistory) => void }) {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const showError = useApiErrorToast();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const discard = async () => {
    setPending(true);
    try {
      onDiscarded((await dataProvider.discardUpload(upload.id)).data);
      setAsking(false);
    } catch (error) {
      showError(error);
    } finally {
      setPending(false);
    }
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
