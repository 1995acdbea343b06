import { useState } from 'react';
import { Dialog, DialogActions, DialogContent, DialogContentText, Stack } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { Button, useRecordContext, useTranslate } from 'react-admin';
import { backfillInput, type CollectConfig } from '../../shared';
import { DialogHeading } from '../../components/DialogHeading';
import { useApiWrite } from '../../components/useApi';
import { DateTextField } from '../../components/DateTextField';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import { queuedToast } from './queuedToast';
import { issueWords } from '../../i18n/validationMessage';

/** Yesterday in the browser's zone, the day a person means by it. */
const yesterday = () => formatConsoleDate(Date.now() - 86_400_000);
const dayCount = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** "Backfill": one collect task per day of a past date range, after the range is confirmed in a dialog. */
export function BackfillButton() {
  const config = useRecordContext<CollectConfig>();
  const translate = useTranslate();
  const { run, pending } = useApiWrite();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState({ from: yesterday(), to: yesterday() });
  if (!config) return null;
  const parsed = backfillInput.safeParse(range);
  const problem = (field: 'from' | 'to') => {
    const issue = parsed.success ? undefined : parsed.error.issues.find((candidate) => candidate.path[0] === field);
    return issue && issueWords(issue, translate);
  };
  const submit = async () => {
    if (!parsed.success) return;
    const days = dayCount(range.from, range.to);
    const done = await run((api) => api.backfillCollectConfig(config.id, range), {
      message: 'resources.collect-configs.notifications.backfillQueued',
      args: { smart_count: days, metric: config.metricName },
      toast: queuedToast,
    });
    if (done) setOpen(false);
  };
  return (
    <>
      <Button label="resources.collect-configs.actions.backfill" onClick={() => setOpen(true)} disabled={pending}>
        <HistoryIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="backfill-title">
        <DialogHeading id="backfill-title" title={translate('resources.collect-configs.actions.backfillTitle', { metric: config.metricName })} onClose={() => setOpen(false)} />
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('resources.collect-configs.actions.backfillContent')}</DialogContentText>
          <Stack direction="row" spacing={2}>
            {(['from', 'to'] as const).map((field) => (
              <DateTextField
                key={field}
                label={translate(`resources.collect-configs.fields.backfill_${field}`)}
                value={range[field]}
                onEntry={(entry) => {
                  // A text that is not yet a date is kept as typed, so the range stays refused until it is one.
                  const stored = entry.valid ? (entry.value ?? '') : entry.text;
                  setRange((current) => ({ ...current, [field]: stored }));
                  return stored;
                }}
                error={problem(field)}
                helperText=" "
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
          <Button
            label={parsed.success ? translate('resources.collect-configs.actions.backfillConfirm', { smart_count: dayCount(range.from, range.to) }) : 'resources.collect-configs.actions.backfill'}
            variant="contained"
            onClick={submit}
            disabled={!parsed.success || pending}
          />
        </DialogActions>
      </Dialog>
    </>
  );
}
