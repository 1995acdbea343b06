import { useEffect, useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, Divider, Typography } from '@mui/material';
import { useGetIdentity, useNotify, useTranslate } from 'react-admin';
import type { PasswordChangeValues } from '../shared';
import { ApiError } from '../providers/apiError';
import { translatableMessage } from '../i18n/validationMessage';
import { ConnectedDataDialog } from './ConnectedDataDialog';
import { DialogHeading } from '../components/DialogHeading';
import { dialogWidth } from './dialogWidth';
import { readOtpToken } from './otpVerification';
import { passwordChangeProblems } from './passwordChangeProblems';
import { PasswordChangeFields } from './PasswordChangeFields';
import { ProfileDetails } from './ProfileDetails';
import { useApiErrorToast } from '../components/useApiErrorToast';
import { useApiRead, useApiWrite } from '../components/useApi';

const NO_PASSWORDS: PasswordChangeValues = { password: '', changePassword: '', confirmPassword: '' };

interface ProfileDialogProps {
  onClose: () => void;
  /** The server no longer accepts the OTP token: the flow verifies the e-mail again. */
  onOtpRejected: () => void;
}

/** My Profile: read-only details, password change, Connected Data. */
export function ProfileDialog({ onClose, onOtpRejected }: ProfileDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const showError = useApiErrorToast();
  const { identity } = useGetIdentity();
  const userSeq = identity ? Number(identity.id) : undefined;
  const [passwords, setPasswords] = useState(NO_PASSWORDS);
  const [submitted, setSubmitted] = useState(false);
  const [serverProblems, setServerProblems] = useState<Partial<Record<keyof PasswordChangeValues, string>>>({});
  const [connectedDataOpen, setConnectedDataOpen] = useState(false);

  const { data: profile, error: readFailure } = useApiRead(['profile', userSeq], (api) => api.getProfile(userSeq!), { enabled: userSeq !== undefined, retry: false });
  useEffect(() => {
    if (!readFailure) return;
    showError(readFailure);
    onClose();
  }, [readFailure, showError, onClose]);
  const { run, pending: saving } = useApiWrite({
    success: false,
    failure: (failure) => {
      showError(failure);
      if (failure instanceof ApiError && failure.status === 403) onOtpRejected();
      else if (failure instanceof ApiError) setServerProblems(Object.fromEntries(failure.fieldErrors.map((fieldError) => [fieldError.field, translatableMessage(fieldError).message])));
    },
  });

  const problems = { ...serverProblems, ...(submitted ? passwordChangeProblems(passwords) : {}) };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerProblems({});
    if (Object.keys(passwordChangeProblems(passwords)).length > 0) return;
    const { password, changePassword } = passwords;
    const answer = await run((api) => api.changePassword({ password, changePassword }, readOtpToken()));
    if (!answer) return;
    const { result, resultMessage } = answer;
    if (result !== 'SUCCESS') {
      showError(new ApiError({ status: 200, result, resultMessage }));
      return;
    }
    // The server's sentence, already in the reader's language, is the whole notice: `_` shows it as it is, not as a missing key.
    notify(resultMessage, { type: 'success', messageArgs: { _: resultMessage } });
    onClose();
  };

  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby="profile-dialog-title" slotProps={{ paper: { sx: dialogWidth(40) } }}>
        <form noValidate onSubmit={save}>
          <DialogHeading id="profile-dialog-title" title={translate('console.profile.dialog.title')} onClose={onClose} />
          <DialogContent dividers>
            <ProfileDetails profile={profile} accountLevel={identity?.level ?? ''} />
            <Divider sx={{ my: 2 }} />
            <PasswordChangeFields
              values={passwords}
              problems={problems}
              onChange={(values) => {
                setPasswords(values);
                setServerProblems({});
              }}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="caption" color="text.secondary" sx={{ flex: '1 1 240px' }}>
              {translate('console.profile.dialog.footer')}
            </Typography>
            <Button variant="outlined" onClick={() => setConnectedDataOpen(true)} disabled={!profile}>
              {translate('console.profile.dialog.connectedData')}
            </Button>
            <Button type="submit" variant="contained" loading={saving}>
              {translate('console.profile.dialog.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {connectedDataOpen && profile && <ConnectedDataDialog mode="view" profile={profile} onClose={() => setConnectedDataOpen(false)} />}
    </>
  );
}
