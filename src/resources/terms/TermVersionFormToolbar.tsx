import { Button, SaveButton, Toolbar } from 'react-admin';

/** Save and cancel only: versions are never deleted, so the edit form has no delete button. */
export function TermVersionFormToolbar({ onCancel }: { onCancel: () => void }) {
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton />
      <Button label="ra.action.cancel" onClick={onCancel} />
    </Toolbar>
  );
}
