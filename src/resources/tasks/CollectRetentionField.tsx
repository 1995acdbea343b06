import { useState, type FormEvent } from 'react';
import { Box, Button, TextField } from '@mui/material';
import { Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, collectRetentionInput, type CollectRetentionKind, type RetentionPreview } from '../../shared';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import { ApiError } from '../../providers/apiError';
import { formatConsoleDate } from '../../components/ConsoleDateField';

/**
 * One kind's retention (finished tasks or master rows). Saving deletes older rows at once, so the
 * server is first asked how many would go and, when any would, the person confirms a sentence
 * naming the count and the date.
 */
export function CollectRetentionField({ kind, initialDays }: { kind: CollectRetentionKind; initialDays: number | null }) {
  const dataProvider = useConsoleDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [days, setDays] = useState(initialDays === null ? '' : String(initialDays));
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [pending, setPending] = useState<RetentionPreview>();
  const messages = `resources.tasks.retention.${kind}`;
  const rows = (count: number) => count.toLocaleString(locale);
  const fail = (error: unknown) => setProblem(error instanceof ApiError ? error.text : String(error));
  const dateOf = (cutoff: string) => (kind === 'tasks' ? formatConsoleDate(cutoff) : cutoff);

  const store = async (preview: RetentionPreview) => {
    setPending(undefined);
    setSaving(true);
    try {
      const { removed } = (await dataProvider.setCollectRetention(kind, preview.retentionDays)).data;
      notify(removed > 0 ? `${messages}.saved` : `${messages}.savedNothingRemoved`, {
        type: 'success',
        messageArgs: { days: preview.retentionDays, removed: rows(removed), date: dateOf(preview.cutoff) },
      });
    } catch (error) {
      fail(error);
    } finally {
      setSaving(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = collectRetentionInput.safeParse({ retentionDays: Number(days) });
    if (!parsed.success || days.trim() === '') {
      setProblem(parsed.success ? translate('resources.tasks.retention.required') : parsed.error.issues[0].message);
      return;
    }
    setProblem(undefined);
    setSaving(true);
    try {
      const preview = (await dataProvider.previewCollectRetention(kind, parsed.data.retentionDays)).data;
      setSaving(false);
      // Nothing would be lost: no question to ask.
      if (preview.rowsToDelete > 0) setPending(preview);
      else await store(preview);
    } catch (error) {
      fail(error);
      setSaving(false);
    }
  };

  return (
    <Box component="form" onSubmit={save} noValidate sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
      <TextField
        name={`${kind}RetentionDays`}
        type="number"
        size="small"
        sx={{ width: 260, maxWidth: '100%' }}
        label={translate(`${messages}.days`)}
        value={days}
        onChange={(event) => setDays(event.target.value)}
        slotProps={{ htmlInput: { min: MIN_RETENTION_DAYS, max: MAX_RETENTION_DAYS } }}
        error={Boolean(problem)}
        helperText={problem ?? translate(`${messages}.help`)}
      />
      <Button type="submit" variant="outlined" loading={saving} aria-label={translate(`${messages}.save`)}>
        {translate('ra.action.save')}
      </Button>
      <Confirm
        isOpen={pending !== undefined}
        title={`${messages}.confirmTitle`}
        content={`${messages}.confirmContent`}
        translateOptions={pending && { days: pending.retentionDays, rows: rows(pending.rowsToDelete), date: dateOf(pending.cutoff) }}
        confirm="resources.tasks.retention.confirmAction"
        confirmColor="warning"
        onConfirm={() => pending && store(pending)}
        onClose={() => setPending(undefined)}
      />
    </Box>
  );
}
