import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, retentionInput } from '../../shared';
import { httpClient } from '../../providers/httpClient';
import { ApiError } from '../../providers/apiError';

/** How long the log keeps its rows; saving prunes older rows at once (the server also prunes hourly). */
export function RetentionSetting() {
  const translate = useTranslate();
  const notify = useNotify();
  const [days, setDays] = useState('');
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    httpClient.get<{ retentionDays: number }>('/system-logs/retention').then(
      (answer) => setDays(String(answer.data.retentionDays)),
      (error: unknown) => setProblem(error instanceof ApiError ? error.text : String(error)),
    );
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = retentionInput.safeParse({ retentionDays: Number(days) });
    if (!parsed.success || days.trim() === '') {
      setProblem(parsed.success ? translate('resources.system-logs.retention.required') : parsed.error.issues[0].message);
      return;
    }
    setProblem(undefined);
    setSaving(true);
    try {
      const answer = await httpClient.put<{ retentionDays: number; removed: number }>('/system-logs/retention', parsed.data);
      notify('resources.system-logs.retention.saved', { type: 'info', messageArgs: { days: answer.data.retentionDays, removed: answer.data.removed } });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.text : String(error));
    } finally {
      setSaving(false);
    }
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
          <Button type="submit" variant="outlined" loading={saving}>
            {translate('ra.action.save')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
