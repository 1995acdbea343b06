import { Box } from '@mui/material';
import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import { useRecordContext } from 'react-admin';
import type { Template } from '../../shared';

/** The first preview image, small, for the list. */
export function PreviewThumbnail() {
  const record = useRecordContext<Template>();
  const first = record?.previews[0];
  return (
    <Box sx={{ width: 72, height: 44, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      {first ? (
        <img src={first.url} alt={first.originalName} loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <ImageNotSupportedIcon fontSize="small" color="disabled" />
      )}
    </Box>
  );
}
