import type { ChangeEvent } from 'react';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useInput, useSourceContext, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { acceptOf } from '../../shared';
import { FilePickButton } from '../../components/FilePickButton';
import { useFileUpload } from '../../components/useFileUpload';

/** A statement's attached file: uploaded to the store when picked, the statement keeps its file id. */
export function StatementAttachmentInput() {
  const translate = useTranslate();
  const sourceContext = useSourceContext();
  const { setValue } = useFormContext();
  const { field } = useInput<string | null>({ source: 'fileId', defaultValue: null });
  const originalName = useWatch({ name: sourceContext.getSource('originalName') }) as string | null | undefined;
  const url = useWatch({ name: sourceContext.getSource('url') }) as string | null | undefined;
  const { upload, uploading, refusals, dismiss } = useFileUpload({ purpose: 'email-attachment', refusedMessage: 'resources.email-templates.messages.refused' });

  // The name and link are shown only; the request body keeps just the file id.
  function show(name: string | null, link: string | null) {
    setValue(sourceContext.getSource('originalName'), name);
    setValue(sourceContext.getSource('url'), link);
  }

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const [uploaded] = await upload([file]);
    if (!uploaded) return;
    show(uploaded.originalName, uploaded.url);
    field.onChange(uploaded.fileId);
  }

  function remove() {
    show(null, null);
    field.onChange(null);
  }

  return (
    <Box sx={{ mb: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {field.value ? (
          <Link href={url ?? undefined} target="_blank" rel="noopener">
            {originalName ?? field.value}
          </Link>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('resources.email-templates.messages.noAttachment')}
          </Typography>
        )}
        <FilePickButton variant="outlined" size="small" startIcon={<AttachFileIcon />} loading={uploading} loadingPosition="start" accept={acceptOf('email-attachment')} onPick={pick}>
          {translate(field.value ? 'resources.email-templates.actions.replace' : 'resources.email-templates.actions.attach')}
        </FilePickButton>
        {field.value && (
          <Button size="small" onClick={remove}>
            {translate('resources.email-templates.actions.remove')}
          </Button>
        )}
      </Stack>
      {refusals.length > 0 && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={dismiss}>
          {refusals[0]}
        </Alert>
      )}
    </Box>
  );
}
