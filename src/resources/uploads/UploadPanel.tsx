import { useEffect, useId, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, LinearProgress, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Dataset, UploadHistory, UploadMode } from '../../shared';
import { ApiError } from '../../providers/apiError';
import { useApiWrite } from '../../components/useApi';
import { DiscardUploadButton } from './DiscardUploadButton';
import { FileDrop } from './FileDrop';
import { PreviewPanel } from './PreviewPanel';
import { UploadExpiry } from './UploadHistoryTable';
import { useUploadWatch } from './useUploadWatch';
import { codeMessageKey } from '../../shared/code-sets';

const SETTLED = new Set<UploadHistory['status']>(['READY', 'FAIL', 'SUCCESS', 'DISCARDED', 'EXPIRED']);

interface UploadPanelProps {
  dataset: Dataset;
  /** An upload brought here from the history (Resume, or discarded there): shown as if just checked. */
  resumed?: UploadHistory;
  onSettled: (upload: UploadHistory) => void;
}

/** One file's way through: upload (XHR progress), checking, preview with problems, commit and writing. */
export function UploadPanel({ dataset, resumed, onSettled }: UploadPanelProps) {
  const translate = useTranslate();
  const [sent, setSent] = useState<UploadHistory>();
  const [error, setError] = useState<string>();
  const failure = (cause: unknown) => setError(cause instanceof ApiError ? cause.text : String(cause));
  const sending = useApiWrite({ success: false, failure });
  const committing = useApiWrite({ success: false, failure });
  const [mode, setMode] = useState<UploadMode>('APPEND');
  const [confirming, setConfirming] = useState(false);
  const { upload, progress, error: watchError } = useUploadWatch(sent);
  const barLabelId = useId();

  useEffect(() => {
    if (upload && SETTLED.has(upload.status)) onSettled(upload);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of status is news
  }, [upload?.id, upload?.status]);

  useEffect(() => {
    if (!resumed) return;
    setError(undefined);
    setSent(resumed);
  }, [resumed]);

  const choose = async (file: File) => {
    setError(undefined);
    setSent(undefined);
    const answer = await sending.run((api, onProgress) => api.uploadDatasetFile(dataset.id, file, onProgress));
    if (answer) setSent(answer.data);
  };

  const commit = async () => {
    setConfirming(false);
    const { id, status } = upload!;
    const answer = await committing.run(async (api) => {
      try {
        return await api.commitUpload(id, mode);
      } catch (cause) {
        // A refused commit may mean the upload expired or was discarded meanwhile: show what it is now.
        const now = await api.getUpload(id).catch(() => undefined);
        if (now && now.data.status !== status) setSent(now.data);
        throw cause;
      }
    });
    if (answer) setSent(answer.data);
  };

  // The bar counts the bytes from the start of a send: 0 until the first progress report.
  const uploadFraction = sending.pending ? (sending.progress ?? 0) : undefined;
  const busy = uploadFraction !== undefined || upload?.status === 'PARSING' || upload?.status === 'COMMITTING';
  const percent = (done: number, total: number) => (total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0);
  let bar: { label: string; value?: number } | undefined;
  if (uploadFraction !== undefined) bar = { label: translate('resources.uploads.phases.upload', { percent: Math.round(uploadFraction * 100) }), value: uploadFraction * 100 };
  else if (progress?.phase === 'PARSING')
    bar = { label: translate('resources.uploads.phases.PARSING', { percent: percent(progress.done, progress.total) }), value: percent(progress.done, progress.total) };
  else if (progress?.phase === 'WRITING')
    bar = { label: translate('resources.uploads.phases.WRITING', { done: progress.done.toLocaleString(), total: progress.total.toLocaleString() }), value: percent(progress.done, progress.total) };
  else if (busy) bar = { label: translate(codeMessageKey('uploadStatus', upload!.status)) };

  return (
    <Stack spacing={2}>
      <FileDrop disabled={busy} onFile={choose} />
      {bar && (
        <Box role="status">
          <Typography id={barLabelId} variant="body2" sx={{ mb: 0.5 }}>
            {bar.label}
          </Typography>
          {/* The bar is named by the line above it, which says what is in progress and how far. */}
          <LinearProgress aria-labelledby={barLabelId} variant={bar.value === undefined ? 'indeterminate' : 'determinate'} value={bar.value} />
        </Box>
      )}
      {(error ?? watchError) && <Alert severity="error">{error ?? watchError}</Alert>}
      {upload?.status === 'FAIL' && upload.problemCount === 0 && upload.reason && <Alert severity="error">{translate('resources.uploads.messages.failed', { reason: upload.reason })}</Alert>}
      {upload?.preview && (upload.status === 'READY' || upload.status === 'FAIL') && <PreviewPanel preview={upload.preview} />}
      {upload?.status === 'READY' && (
        <Stack spacing={1}>
          <Alert severity="success">
            {translate('resources.uploads.messages.ready')}
            <UploadExpiry upload={upload} />
          </Alert>
          <RadioGroup value={mode} onChange={(event) => setMode(event.target.value as UploadMode)} aria-label={translate('resources.uploads.fields.mode')}>
            <FormControlLabel value="APPEND" control={<Radio />} label={translate('resources.uploads.modes.APPEND')} />
            <FormControlLabel value="REPLACE" control={<Radio />} label={translate('resources.uploads.modes.REPLACE')} />
          </RadioGroup>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => (mode === 'REPLACE' && dataset.rowCount > 0 ? setConfirming(true) : void commit())}>
              {translate('resources.uploads.actions.commit', { count: upload.rowCount.toLocaleString() })}
            </Button>
            <DiscardUploadButton upload={upload} onDiscarded={setSent} />
          </Stack>
        </Stack>
      )}
      {(upload?.status === 'DISCARDED' || upload?.status === 'EXPIRED') && <Alert severity="info">{translate(`resources.uploads.messages.${upload.status}`, { file: upload.fileName })}</Alert>}
      {upload?.status === 'SUCCESS' && <Alert severity="success">{translate('resources.uploads.messages.committed', { count: upload.uploadedCount.toLocaleString(), title: dataset.title })}</Alert>}
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{translate('resources.uploads.actions.confirmReplace')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate('resources.uploads.actions.confirmReplaceContent', {
              count: dataset.rowCount.toLocaleString(),
              title: dataset.title,
              rows: upload?.rowCount.toLocaleString() ?? '0',
              file: upload?.fileName ?? '',
            })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate('resources.datasets.actions.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => void commit()}>
            {translate('resources.uploads.actions.confirmReplace')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
