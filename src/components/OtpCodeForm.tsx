import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { OTP_RESEND_INTERVAL_SECONDS, OTP_TTL_SECONDS } from '../shared/constants';
import { formatCountdown } from './countdown';
import { otpProblem, validationLabel, type ValidationKey } from './formRules';
import { OtpCodeField } from './OtpCodeField';
import { ServerErrorAlert } from './ServerErrorAlert';
import { useApiWrite, type ApiCall } from './useApi';
import { useCountdown } from './useCountdown';

interface OtpCodeFormProps {
  email: string;
  /** The call that checks a code and goes on to the next step; its failure is shown above the code. */
  verify: (code: string) => ApiCall;
  /** The call that mails a new code. */
  resend: ApiCall;
  /** Leaves the code step (another account or e-mail); without it there is no Back. */
  onBack?: () => void;
}

/**
 * The code step shared by sign-in and sign-up: code, Next, Re-send and the 5-minute countdown.
 * Next stops once the code expired and Re-send waits out the server's resend interval, so neither
 * offers a click the server would refuse.
 */
export function OtpCodeForm({ email, verify: verifyCall, resend: resendCall, onBack }: OtpCodeFormProps) {
  const translate = useTranslate();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<ValidationKey>();
  const [resent, setResent] = useState(false);
  const verifying = useApiWrite({ success: false, failure: 'inPlace' });
  const resending = useApiWrite({ success: false, failure: 'inPlace' });
  const pending = verifying.pending ? 'verify' : resending.pending ? 'resend' : undefined;
  // The failure of whichever ran last: each run clears its own, and the other's is cleared here.
  const error = verifying.error ?? resending.error;
  const { secondsLeft, restart } = useCountdown(OTP_TTL_SECONDS);
  const resendWait = useCountdown(OTP_RESEND_INTERVAL_SECONDS);
  const expired = secondsLeft === 0;

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (expired) return;
    const found = otpProblem(code);
    setProblem(found);
    if (found) return;
    resending.reset();
    await verifying.run(verifyCall(code));
  };

  const resend = async () => {
    verifying.reset();
    setResent(false);
    if (!(await resending.run(resendCall))) return;
    setCode('');
    restart();
    resendWait.restart();
    setResent(true);
  };

  return (
    <form noValidate onSubmit={verify}>
      <Typography gutterBottom>{translate('console.otp.sent', { email })}</Typography>
      {resent && <Alert severity="info">{translate('console.otp.resent')}</Alert>}
      <ServerErrorAlert error={error} />
      <OtpCodeField value={code} onChange={setCode} problem={problem && translate(validationLabel(problem))} />
      <Typography variant="body2" color={expired ? 'error' : 'text.secondary'} role="timer">
        {expired ? translate('console.otp.expired') : translate('console.otp.remaining', { time: formatCountdown(secondsLeft) })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" loading={pending === 'verify'} disabled={pending === 'resend' || expired}>
          {translate('console.otp.next')}
        </Button>
        <Button onClick={resend} loading={pending === 'resend'} disabled={pending === 'verify' || resendWait.secondsLeft > 0}>
          {resendWait.secondsLeft > 0 ? translate('console.otp.resendIn', { time: formatCountdown(resendWait.secondsLeft) }) : translate('console.otp.resend')}
        </Button>
        {onBack && (
          <Button onClick={onBack} disabled={Boolean(pending)} sx={{ ml: 'auto' }}>
            {translate('console.otp.back')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
