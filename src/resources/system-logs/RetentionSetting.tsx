import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { Confirm, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, retentionInput, type RetentionPreview } from '../../shared';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import { ApiError } from '../../providers/apiError';
import { formatConsoleDate } from '../../components/ConsoleDateField';

/**
 * How long the log keeps its rows. Saving deletes older rows at once (the server also prunes
 * hourly), so the server is first asked how many would go and, when any would, the person confirms
 * a sentence naming the count and the date; the toast says what happened and the table reloads.
 */
export function RetentionSetting() {
  const dataProvider = useConsoleDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  const [days, setDays] = useState('');
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [pending, setPending] = useState<RetentionPreview>();

  useEffect(() => {
    dataProvider.getLogRetention().then(
      (answer) => setDays(String(answer.data.retentionDays)),
      (error: unknown) => setProblem(error instanceof ApiError ? error.text : String(error)),
    );
  }, [dataProvider]);

  const rows = (count: number) => count.toLocaleString(locale);
  const fail = (error: unknown) => setProblem(error instanceof ApiError ? error.text : String(error));

  const store = async (preview: RetentionPreview) => {
    setPending(undefined);
    setSaving(true);
    try {
      const answer = await dataProvider.setLogRetention(preview.retentionDays);
      const { retentionDays, removed } = answer.data;
      notify(removed > 0 ? 'resources.system-logs.retention.saved' : 'resources.system-logs.retention.savedNothingRemoved', {
        type: 'success',
        messageArgs: { days: retentionDays, removed: rows(removed), date: formatConsoleDate(preview.cutoff) },
      });
      refresh();
    } catch (error) {
      fail(error);
    } finally {
      setSaving(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = retentionInput.safeParse({ retentionDays: Number(days) });
    if (!parsed.success || days.trim() === '') {
      setProblem(parsed.success ? translate('resources.system-logs.retention.required') : parsed.error.issues[0].message);
      return;
    }
    setProblem(undefined);
    setSaving(true);
    let preview: RetentionPreview;
    try {
      preview = (await dataProvider.previewLogRetention(parsed.data.retentionDays)).data;
    } catch (error) {
      fail(error);
      setSaving(false);
      return;
    }
    setSaving(false);
    // Nothing would be lost: no question to ask.
    if (preview.rowsToDelete > 0) setPending(preview);
    else await store(preview);
  };

  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent component="form" onSubmit={save} noValidate>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {translate('resources.system-logs.retention.title')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            name="retentionDays"
            type="number"
            size="small"
            sx={{ width: 260 }}
            label={translate('resources.system-logs.retention.days')}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            slotProps={{ htmlInput: { min: MIN_RETENTION_DAYS, max: MAX_RETENTION_DAYS } }}
            error={Boolean(problem)}
            helperText={problem ?? translate('resources.system-logs.retention.help')}
          />
          {/* Named apart from the collect retention's Save buttons on the same screen. */}
          <Button type="submit" variant="outlined" loading={saving} aria-label={translate('resources.system-logs.retention.save')}>
            {translate('ra.action.save')}
          </Button>
        </Box>
      </CardContent>
      <Confirm
        isOpen={pending !== undefined}
        title="resources.system-logs.retention.confirmTitle"
        content="resources.system-logs.retention.confirmContent"
        translateOptions={pending && { days: pending.retentionDays, rows: rows(pending.rowsToDelete), date: formatConsoleDate(pending.cutoff) }}
        confirm="resources.system-logs.retention.confirmAction"
        confirmColor="warning"
        onConfirm={() => pending && store(pending)}
        onClose={() => setPending(undefined)}
      />
    </Card>
  );
}
