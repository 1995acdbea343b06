import { DialogTitle, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';

/** A dialog title with its close button. */
export function DialogHeading({ id, title, onClose }: { id: string; title: string; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <DialogTitle id={id} sx={{ pr: 6 }}>
      {title}
      <IconButton aria-label={translate('console.profile.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
    </DialogTitle>
  );
}
