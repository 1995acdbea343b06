import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';

/** The frame of the publish and edit version forms. */
export function TermVersionDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="term-version-dialog-title">
      <DialogTitle id="term-version-dialog-title">{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
    </Dialog>
  );
}
