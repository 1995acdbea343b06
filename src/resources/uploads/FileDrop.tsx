import { useRef, useState, type DragEvent } from 'react';
import { Box, Button, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import { MANUAL_UPLOAD_ACCEPT, MANUAL_UPLOAD_MAX_BYTES, formatBytes } from '../../shared';

/** The drop zone: a dropped or chosen file is handed over at once. */
export function FileDrop({ disabled, onFile }: { disabled?: boolean; onFile: (file: File) => void }) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="file-drop"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderRadius: 2,
        p: 3,
        textAlign: 'center',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
      }}
    >
      <UploadFileIcon color="action" sx={{ fontSize: 40 }} />
      <Typography>
        {translate('resources.uploads.actions.drop')}{' '}
        <Button size="small" variant="outlined" disabled={disabled} onClick={() => input.current?.click()}>
          {translate('resources.uploads.actions.browse')}
        </Button>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('resources.uploads.messages.limits', { size: formatBytes(MANUAL_UPLOAD_MAX_BYTES) })}
      </Typography>
      <input
        ref={input}
        type="file"
        hidden
        accept={MANUAL_UPLOAD_ACCEPT}
        aria-label={translate('resources.uploads.actions.browse')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Box>
  );
}
