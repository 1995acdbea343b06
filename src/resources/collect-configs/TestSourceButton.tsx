import { useState } from 'react';
import ScienceIcon from '@mui/icons-material/Science';
import { Button, useNotify } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { testSourceInput, type SourcePreview } from '../../shared';
import { httpClient } from '../../providers/httpClient';
import { ApiError } from '../../providers/apiError';
import { collectConfigRequest } from './collectConfigForm';
import { SourcePreviewDialog } from './SourcePreviewDialog';

/**
 * "Test source": sends the form as it is now (saved or not) and shows the mapped preview of the
 * first page. Nothing is stored. Invalid input is shown on the form instead of being sent.
 */
export function TestSourceButton() {
  const form = useFormContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ preview?: SourcePreview; failure?: string } | null>(null);

  const test = async () => {
    const body = collectConfigRequest(form.getValues());
    if (!testSourceInput.safeParse(body).success) {
      await form.trigger();
      notify('resources.collect-configs.preview.fixForm', { type: 'warning' });
      return;
    }
    setBusy(true);
    try {
      setResult({ preview: (await httpClient.post<SourcePreview>('/collect-configs/test-source', body)).data });
    } catch (failure) {
      // A source that cannot be read answers 400 with the reason on sourceLocation.
      const error = failure instanceof ApiError ? failure : undefined;
      setResult({ failure: error?.fieldErrors.map((field) => field.message).join('\n') || error?.text || (failure as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button label="resources.collect-configs.actions.testSource" onClick={test} disabled={busy} variant="outlined">
        <ScienceIcon />
      </Button>
      {result && <SourcePreviewDialog {...result} onClose={() => setResult(null)} />}
    </>
  );
}
