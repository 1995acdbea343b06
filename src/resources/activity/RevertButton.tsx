import { useState } from 'react';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Dialog, DialogActions, DialogContent, DialogContentText, Typography } from '@mui/material';
import { Button, usePermissions, useTranslate } from 'react-admin';
import { DialogHeading } from '../../components/DialogHeading';
import { useApiWrite } from '../../components/useApi';
import type { ConsolePermissions } from '../../providers/authProvider';
import { activityChangeTexts, activitySentence, offersRevert, type ActivityEntry } from '../../shared/activity';
import { rankAllows } from '../../shared/ranks';

/**
 * "Revert this change" on an update entry (or a share's change or end naming its share: reverting an end brings the share back), for someone whose rank may edit its record (`writeRank`,
 * the record's own write rank): a dialog shows each field as it is now → what it goes back to, in
 * words, and the server saves that as a new change naming this one. A refusal (a later change to
 * the same fields, a project the person may only view) is the server's sentence in the error toast.
 */
export function RevertButton({ entry, writeRank }: { entry: ActivityEntry; writeRank: number | undefined }) {
  const translate = useTranslate();
  const { permissions } = usePermissions<ConsolePermissions>();
  const { run, pending } = useApiWrite();
  const [open, setOpen] = useState(false);
  if (!offersRevert(entry) || writeRank === undefined || !permissions || !rankAllows(writeRank, permissions.rank)) return null;
  const titleId = `revert-title-${entry.id}`;
  const close = () => setOpen(false);
  return (
    <>
      <Button label="console.activity.revert.action" size="small" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <UndoIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogHeading id={titleId} title={translate('console.activity.revert.title')} onClose={close} />
        <DialogContent>
          <DialogContentText>{activitySentence(entry, translate)}</DialogContentText>
          <Typography variant="body2" sx={{ mt: 2 }}>
            {translate('console.activity.revert.goesBack')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {/* Now → back to: the changes the other way round. */}
            {activityChangeTexts(
              entry.resource,
              entry.changes.map((change) => ({ field: change.field, before: change.after, after: change.before })),
              translate,
            ).map((text, index) => (
              <Typography key={index} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {text}
              </Typography>
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={close} />
          <Button label="console.activity.revert.confirm" variant="contained" disabled={pending} onClick={() => run((api) => api.revertActivity(entry.id), { onDone: close })} />
        </DialogActions>
      </Dialog>
    </>
  );
}
