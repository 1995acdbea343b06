import { ImageList, ImageListItem, ImageListItemBar, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Template } from '../../shared';

/** Every preview image in order; each opens full size. */
export function PreviewGallery(_props: { label?: string }) {
  const record = useRecordContext<Template>();
  const translate = useTranslate();
  if (!record) return null;
  if (record.previews.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.templates.messages.noPreviews')}
      </Typography>
    );
  return (
    <ImageList cols={3} gap={12} sx={{ maxWidth: 960, m: 0 }} data-testid="preview-gallery">
      {record.previews.map((preview) => (
        // The item stays a list item (a list holds only <li>); the link inside it opens the image, and
        // its image says so (the caption under it already names the file).
        <ImageListItem key={preview.fileId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
          <a href={preview.url} target="_blank" rel="noopener">
            <img
              src={preview.url}
              alt={translate('resources.templates.actions.openPreview', { name: preview.originalName })}
              loading="lazy"
              style={{ display: 'block', width: '100%', height: 200, objectFit: 'cover' }}
            />
          </a>
          <ImageListItemBar title={preview.originalName} />
        </ImageListItem>
      ))}
    </ImageList>
  );
}
