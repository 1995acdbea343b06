import { useState } from 'react';
import ScienceIcon from '@mui/icons-material/Science';
import { Button, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { mappingOf, testSourceInput, type CollectField, type DiscoveredField, type SourcePreview } from '../../shared';
import { useApiWrite } from '../../components/useApi';
import { ApiError } from '../../providers/apiError';
import { translatableMessage } from '../../i18n/validationMessage';
import { collectConfigRequest } from './collectConfigForm';
import { SourcePreviewDialog } from './SourcePreviewDialog';

type MappingRow = Partial<CollectField>;
/** A mapping row left blank (the new form starts with one) is no mapping at all. */
const filledIn = (rows: MappingRow[] | undefined) => (rows ?? []).filter((row) => row && (row.field?.trim() || row.code?.trim()));

/**
 * "Test source": sends the form as it is now (saved or not, mapped or not) and shows every field of
 * the first page, with the mapped preview when there is a mapping. Nothing is stored. Invalid
 * input is shown on the form instead of being sent. "Add to mapping" appends a field to the form.
 */
export function TestSourceButton() {
  const form = useFormContext();
  const notify = useNotify();
  const translate = useTranslate();
  const [result, setResult] = useState<{ preview?: SourcePreview; failure?: string; testedFields?: number } | null>(null);
  // A source that cannot be read answers 400 with the reason on sourceLocation: the dialog shows it.
  const { run, pending } = useApiWrite({
    success: false,
    failure: (failure) => {
      const error = failure instanceof ApiError ? failure : undefined;
      setResult({
        failure:
          error?.fieldErrors
            .map(translatableMessage)
            .map(({ message, args }) => translate(message, args))
            .join('\n') ||
          error?.text ||
          (failure as Error).message,
      });
    },
  });
  const mappingRows = useWatch({ name: 'fields' }) as MappingRow[] | undefined;
  const mapped = new Set(filledIn(mappingRows).map((row) => row.field?.trim() ?? ''));

  const add = (field: DiscoveredField) => {
    const rows = filledIn(form.getValues('fields') as MappingRow[] | undefined);
    const row = mappingOf(
      field,
      rows.map((existing) => ({ code: existing.code ?? '' })),
    );
    form.setValue('fields', [...rows, row], { shouldDirty: true });
    notify('resources.collect-configs.preview.added', { type: 'info', messageArgs: { path: field.path, code: row.code } });
  };

  const test = async () => {
    const body = collectConfigRequest(form.getValues());
    body.fields = filledIn(body.fields) as CollectField[];
    if (!testSourceInput.safeParse(body).success) {
      await form.trigger();
      notify('resources.collect-configs.preview.fixForm', { type: 'warning' });
      return;
    }
    const answer = await run((api) => api.testCollectSource(body));
    if (answer) setResult({ preview: answer.data, testedFields: body.fields.length });
  };

  return (
    <>
      <Button label="resources.collect-configs.actions.testSource" onClick={test} disabled={pending} variant="outlined">
        <ScienceIcon />
      </Button>
      {result && <SourcePreviewDialog {...result} mapped={mapped} onAdd={add} onClose={() => setResult(null)} />}
    </>
  );
}
