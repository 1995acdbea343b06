import { useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, FormHelperText, FormLabel, Link, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { InputHelperText, useInput, useRecordContext, useTranslate } from 'react-admin';
import { acceptOf, FILE_PURPOSE_RULES, formatBytes, type Template, type UploadedFile } from '../../shared';
import { FilePickButton } from '../../components/FilePickButton';
import { useFileUpload } from '../../components/useFileUpload';

/** The template's dashboard file: uploaded when picked, the form keeps its file id. */
export function DashboardFileInput() {
  const translate = useTranslate();
  const record = useRecordContext<Template>();
  const { field, fieldState } = useInput<string | null>({ source: 'fileId', defaultValue: null });
  // The file chosen in this form; until then the record's own.
  const [chosen, setChosen] = useState<UploadedFile | null>();
  const { upload, uploading, refusals, dismiss } = useFileUpload({ purpose: 'template-dashboard', refusedMessage: 'resources.templates.messages.refused' });
  const current = chosen !== undefined ? chosen : (record?.file ?? null);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const [uploaded] = await upload([file]);
    if (!uploaded) return;
    setChosen(uploaded);
    field.onChange(uploaded.fileId);
  }

  function remove() {
    setChosen(null);
    field.onChange(null);
  }

  return (
    <Box sx={{ width: '100%', my: 1 }}>
      <FormLabel component="div" sx={{ mb: 1 }}>
        {translate('resources.templates.fields.fileId')}
      </FormLabel>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {current ? (
          <Link href={current.url} target="_blank" rel="noopener" data-testid="dashboard-file-name">
            {current.originalName}
          </Link>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('resources.templates.messages.noFile')}
          </Typography>
        )}
        <FilePickButton
          variant="outlined"
          size="small"
          startIcon={<UploadFileIcon />}
          loading={uploading}
          loadingPosition="start"
          accept={acceptOf('template-dashboard')}
          onPick={pick}
          inputTestId="dashboard-file-input"
        >
          {translate(current ? 'resources.templates.actions.replaceFile' : 'resources.templates.actions.uploadFile')}
        </FilePickButton>
        {current && (
          <Button size="small" onClick={remove}>
            {translate('resources.templates.actions.removeFile')}
          </Button>
        )}
      </Stack>
      <FormHelperText error={Boolean(fieldState.error)}>
        <InputHelperText error={fieldState.error?.message} helperText={translate('resources.templates.helpers.fileId', { size: formatBytes(FILE_PURPOSE_RULES['template-dashboard'].maxBytes) })} />
      </FormHelperText>
      {refusals.length > 0 && (
        <Alert severity="error" sx={{ mt: 1, maxWidth: 720 }} onClose={dismiss}>
          {refusals[0]}
        </Alert>
      )}
    </Box>
  );
}
