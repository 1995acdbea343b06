import { useState, type FormEvent } from 'react';
import { Box, Button, TextField } from '@mui/material';
import { Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { z } from 'zod';
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, type Envelope, type RetentionPreview } from '../shared';
import { ApiError } from '../providers/apiError';
import { issueWords } from '../i18n/validationMessage';
import { useApiWrite, type ApiCall } from './useApi';

export interface RetentionDaysFormProps {
  /** The input's name. */
  name: string;
  initialDays: number | null;
  /** The request schema of the setting ({ retentionDays }). */
  schema: z.ZodType<{ retentionDays: number }>;
  /** Message keys: `<messages>.days|help|save|saved|savedNothingRemoved|confirmTitle|confirmContent`. */
  messages: string;
  /** Message keys shared by several settings: `<sharedMessages>.required|confirmAction`. */
  sharedMessages: string;
  /** The call that answers how many rows a retention would delete. */
  preview(days: number): ApiCall<Envelope<RetentionPreview>>;
  /** The call that stores the setting, deleting older rows at once; answers how many went. */
  store(days: number): ApiCall<Envelope<{ removed: number }>>;
  /** The cutoff as the sentences show it. */
  dateOf(cutoff: string): string;
  onSaved?(): void;
}

/**
 * A retention in days. Saving deletes older rows at once, so the server is first asked how many
 * would go and, when any would, the person confirms a sentence naming the count and the date; the
 * toast says what happened. Used by the system log's and the collect data's retention.
 */
export function RetentionDaysForm({ name, initialDays, schema, messages, sharedMessages, preview, store, dateOf, onSaved }: RetentionDaysFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [days, setDays] = useState(initialDays === null ? '' : String(initialDays));
  const [problem, setProblem] = useState<string>();
  // The preview that awaits the person's yes: rows would go.
  const [asking, setAsking] = useState<RetentionPreview>();
  const rows = (count: number) => count.toLocaleString(locale);
  const fail = (error: unknown) => setProblem(error instanceof ApiError ? error.text : String(error));
  // The toast names the count and the date, so this form says the success itself.
  const previewing = useApiWrite({ success: false, failure: fail });
  const storing = useApiWrite({ success: false, failure: fail });

  const confirmAndStore = async (previewed: RetentionPreview) => {
    setAsking(undefined);
    const answer = await storing.run(store(previewed.retentionDays));
    if (!answer) return;
    const { removed } = answer.data;
    notify(removed > 0 ? `${messages}.saved` : `${messages}.savedNothingRemoved`, {
      type: 'success',
      messageArgs: { days: previewed.retentionDays, removed: rows(removed), date: dateOf(previewed.cutoff) },
    });
    onSaved?.();
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse({ retentionDays: Number(days) });
    if (!parsed.success || days.trim() === '') {
      setProblem(parsed.success ? translate(`${sharedMessages}.required`) : issueWords(parsed.error.issues[0], translate));
      return;
    }
    setProblem(undefined);
    const answer = await previewing.run(preview(parsed.data.retentionDays));
    if (!answer) return;
    const previewed = answer.data;
    // Nothing would be lost: no question to ask.
    if (previewed.rowsToDelete > 0) setAsking(previewed);
    else await confirmAndStore(previewed);
  };

  return (
    <Box component="form" onSubmit={save} noValidate sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
      <TextField
        name={name}
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
      {/* Each Save is named for its setting: several share a screen. */}
      <Button type="submit" variant="outlined" loading={previewing.pending || storing.pending} aria-label={translate(`${messages}.save`)}>
        {translate('ra.action.save')}
      </Button>
      <Confirm
        isOpen={asking !== undefined}
        title={`${messages}.confirmTitle`}
        content={`${messages}.confirmContent`}
        translateOptions={asking && { days: asking.retentionDays, rows: rows(asking.rowsToDelete), date: dateOf(asking.cutoff) }}
        confirm={`${sharedMessages}.confirmAction`}
        confirmColor="warning"
        onConfirm={() => asking && confirmAndStore(asking)}
        onClose={() => setAsking(undefined)}
      />
    </Box>
  );
}
