import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import MailIcon from '@mui/icons-material/Mail';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import PersonIcon from '@mui/icons-material/Person';
import { Alert, Stack } from '@mui/material';
import { EditButton, TopToolbar, useGetIdentity, useRecordContext, useTranslate } from 'react-admin';
import type { AdminDetail } from '../../shared';
import { ConfirmedActionButton } from '../../components/ConfirmedActionButton';
import { RejectButton } from './RejectButton';

/** What a manager can do with the shown account; nothing for their own (they use Profile). */
export function UserShowActions() {
  const record = useRecordContext<AdminDetail>();
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  if (!record) return <TopToolbar />;
  if (identity && String(identity.id) === String(record.id)) {
    return (
      <TopToolbar sx={{ whiteSpace: 'normal' }}>
        <Alert severity="info" sx={{ py: 0 }}>
          {translate('resources.users.messages.ownRecord')}
        </Alert>
      </TopToolbar>
    );
  }
  const pending = record.approvalStatusCode === 'PENDING';
  const approved = record.approvalStatusCode === 'APPROVED';
  const active = record.statusCode === 'ACTIVE';
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {!pending && (record.locked === 'Y' || record.signInAttempt > 0) ? (
        <ConfirmedActionButton label="resources.users.actions.unlock" icon={<LockOpenIcon />} call={(api) => api.unlockUser(record.id, record)} />
      ) : null}
      {/* The server mails a reset link only to an active, approved account. */}
      {approved && active && (
        <ConfirmedActionButton
          label="resources.users.actions.sendReset"
          icon={<MailIcon />}
          call={(api) => api.sendPasswordResetLink(record.id)}
          confirm={{ title: 'resources.users.confirm.resetTitle', titleArgs: { email: record.email } }}
        />
      )}
      {pending ? null : active ? (
        <ConfirmedActionButton
          label="resources.users.actions.deactivate"
          color="error"
          icon={<PersonOffIcon />}
          call={(api) => api.setUserStatus(record.id, 'INACTIVE', record)}
          confirm={{
            title: 'resources.users.confirm.deactivateTitle',
            titleArgs: { name: record.name },
            // A system-admin deactivating a peer: every system-admin is mailed, and only one of them can undo it.
            content: record.authority === 'system-admin' ? 'resources.users.confirm.deactivateSystemAdminContent' : 'resources.users.confirm.deactivateContent',
          }}
        />
      ) : (
        <ConfirmedActionButton label="resources.users.actions.activate" color="success" icon={<PersonIcon />} call={(api) => api.setUserStatus(record.id, 'ACTIVE', record)} />
      )}
      <EditButton />
      {pending && <PendingDecision record={record} />}
    </TopToolbar>
  );
}

/**
 * Approve and Reject of a pending sign-up, on their own row under the other actions: once the
 * decision is made the row goes, and no other action takes the place the pointer was on.
 */
function PendingDecision({ record }: { record: AdminDetail }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="warning"
      sx={{ flexBasis: '100%', mt: 1, alignItems: 'center', '& .MuiAlert-action': { pt: 0 } }}
      action={
        <Stack direction="row" spacing={1}>
          <ConfirmedActionButton
            label="resources.users.actions.approve"
            color="success"
            variant="contained"
            icon={<CheckCircleIcon />}
            call={(api) => api.approveUser(record.id, record)}
            success={{ message: 'resources.users.messages.approved', args: { name: record.name } }}
          />
          <RejectButton />
        </Stack>
      }
    >
      {translate('resources.users.messages.awaitingDecision')}
    </Alert>
  );
}
