import { useState } from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, Confirm, useListContext, useTranslate } from 'react-admin';
import { useApiWrite } from '../../components/useApi';

/** Approves every selected pending sign-up in one request: all of them, or none when one cannot be. */
export function BulkApproveButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const translate = useTranslate();
  const { run, pending } = useApiWrite();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="resources.users.actions.bulkApprove" onClick={() => setOpen(true)} disabled={pending}>
        <CheckCircleIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title={translate('resources.users.confirm.bulkApproveTitle', { smart_count: selectedIds.length })}
        content="resources.users.confirm.bulkApproveContent"
        onConfirm={() => run((api) => api.approveUsers(selectedIds.map(Number)), { onDone: () => onUnselectItems() }).then(() => setOpen(false))}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
