import type { ChangeEvent } from 'react';
import { Alert, Box, FormHelperText, FormLabel, IconButton, ImageList, ImageListItem, ImageListItemBar } from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import { InputHelperText, useInput, useTranslate } from 'react-admin';
import { acceptOf, FILE_PURPOSE_RULES, formatBytes, MAX_TEMPLATE_PREVIEWS, type UploadedFile } from '../../shared';
import { FilePickButton } from '../../components/FilePickButton';
import { useFileUpload } from '../../components/useFileUpload';

/** The ordered preview images: uploaded as they are picked, shown as thumbnails, each removable. */
export function PreviewImagesInput() {
  const translate = useTranslate();
  const { field, fieldState } = useInput<UploadedFile[]>({ source: 'previews', defaultValue: [] });
  const { upload, uploading, refusals, dismiss } = useFileUpload({ purpose: 'template-preview', refusedMessage: 'resources.templates.messages.refused' });
  const previews: UploadedFile[] = field.value ?? [];

  async function add(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    const room = MAX_TEMPLATE_PREVIEWS - previews.length;
    const uploaded = await upload(picked, { room, tooMany: translate('resources.templates.messages.tooMany', { max: MAX_TEMPLATE_PREVIEWS }) });
    field.onChange([...previews, ...uploaded]);
  }

  const remove = (fileId: string) => field.onChange(previews.filter((preview) => preview.fileId !== fileId));

  return (
    <Box sx={{ width: '100%', my: 1 }}>
      <FormLabel component="div" sx={{ mb: 1 }}>
        {translate('resources.templates.fields.previews')}
      </FormLabel>
      {previews.length > 0 && (
        <ImageList cols={4} gap={8} sx={{ maxWidth: 720, my: 1 }} data-testid="preview-thumbnails">
          {previews.map((preview) => (
            <ImageListItem key={preview.fileId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
              {/* The caption under the thumbnail names the file; the image adds nothing a reader needs. */}
              <img src={preview.url} alt="" loading="lazy" style={{ height: 120, objectFit: 'cover' }} />
              <ImageListItemBar
                title={preview.originalName}
                actionIcon={
                  <IconButton
                    size="small"
                    sx={{ color: 'common.white' }}
                    aria-label={translate('resources.templates.actions.removePreview', { name: preview.originalName })}
                    onClick={() => remove(preview.fileId)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                }
              />
            </ImageListItem>
          ))}
        </ImageList>
      )}
      <FilePickButton
        variant="outlined"
        size="small"
        startIcon={<AddPhotoAlternateIcon />}
        loading={uploading}
        loadingPosition="start"
        multiple
        accept={acceptOf('template-preview')}
        onPick={add}
        inputTestId="preview-file-input"
      >
        {translate('resources.templates.actions.addPreviews')}
      </FilePickButton>
      <FormHelperText error={Boolean(fieldState.error)}>
        <InputHelperText
          error={fieldState.error?.message}
          helperText={translate('resources.templates.helpers.previews', { size: formatBytes(FILE_PURPOSE_RULES['template-preview'].maxBytes), max: MAX_TEMPLATE_PREVIEWS })}
        />
      </FormHelperText>
      {refusals.length > 0 && (
        <Alert severity="error" sx={{ mt: 1, maxWidth: 720 }} onClose={dismiss}>
          {refusals.map((refusal) => (
            <div key={refusal}>{refusal}</div>
          ))}
        </Alert>
      )}
    </Box>
  );
}
