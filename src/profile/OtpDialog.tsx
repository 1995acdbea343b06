import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, Stack, TextField, Typography } from '@mui/material';
import { useGetIdentity, useTranslate } from 'react-admin';
import { OTP_TTL_SECONDS } from '../shared/constants';
import { formatCountdown } from '../components/countdown';
import { otpProblem, validationLabel } from '../components/formRules';
import { OtpCodeField } from '../components/OtpCodeField';
import { ServerErrorAlert } from '../components/ServerErrorAlert';
import { useCountdown } from '../components/useCountdown';
import { DialogHeading } from '../components/DialogHeading';
import { useApiWrite } from '../components/useApi';
import { rememberOtpVerification } from './otpVerification';

interface OtpDialogProps {
  onClose: () => void;
  onVerified: () => void;
}

/** Email Authentication: Send → code + Next with a 5-minute countdown; Re-send restarts it. */
export function OtpDialog({ onClose, onVerified }: OtpDialogProps) {
  const translate = useTranslate();
  const email = useGetIdentity().identity?.email ?? '';
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const sending = useApiWrite({ success: false, failure: 'inPlace' });
  const verifying = useApiWrite({ success: false, failure: 'inPlace' });
  // One alert for both: each run clears the other's failure.
  const error = sending.error ?? verifying.error;
  const { secondsLeft, restart } = useCountdown(OTP_TTL_SECONDS);
  const expired = sent && secondsLeft === 0;

  const send = async () => {
    verifying.reset();
    if (!(await sending.run((api) => api.sendProfileCode()))) return;
    setSent(true);
    setCode('');
    setProblem(undefined);
    restart();
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const found = otpProblem(code);
    const message = found ? translate(validationLabel(found)) : expired ? translate('console.profile.otp.expired') : undefined;
    setProblem(message);
    if (message) return;
    sending.reset();
    const answer = await verifying.run((api) => api.verifyProfileCode(code));
    if (!answer) return;
    rememberOtpVerification(answer.data.token);
    onVerified();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="otp-dialog-title" slotProps={{ paper: { sx: { width: 455, maxWidth: 'calc(100% - 32px)', m: 2 } } }}>
      <form noValidate onSubmit={verify}>
        <DialogHeading id="otp-dialog-title" title={translate('console.profile.otp.title')} onClose={onClose} />
        <DialogContent>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {sent ? translate('console.profile.otp.sent', { email }) : translate('console.profile.otp.intro')}
          </Typography>
          <ServerErrorAlert error={error} />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
            <TextField name="email" label={translate('console.profile.otp.email')} value={email} fullWidth size="small" slotProps={{ htmlInput: { readOnly: true } }} />
            <Button variant="outlined" onClick={send} loading={sending.pending} disabled={verifying.pending} sx={{ flexShrink: 0 }}>
              {translate(sent ? 'console.profile.otp.resend' : 'console.profile.otp.send')}
            </Button>
          </Stack>
          {sent && (
            <>
              <OtpCodeField
                value={code}
                onChange={(typed) => {
                  setCode(typed);
                  setProblem(undefined);
                }}
                problem={problem}
              />
              <Typography variant="body2" role="timer" color={expired ? 'error' : 'text.secondary'}>
                {expired ? translate('console.profile.otp.expired') : translate('console.profile.otp.remaining', { time: formatCountdown(secondsLeft) })}
              </Typography>
            </>
          )}
        </DialogContent>
        {sent && (
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button type="submit" variant="contained" loading={verifying.pending} disabled={sending.pending}>
              {translate('console.profile.otp.next')}
            </Button>
          </DialogActions>
        )}
      </form>
    </Dialog>
  );
}
