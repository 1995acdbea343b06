import { useState } from 'react';
import { Alert, Link, Step, StepLabel, Stepper } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import { OtpCodeForm } from '../components/OtpCodeForm';
import { PublicPage } from '../components/PublicPage';
import { SIGN_IN_PATH } from '../shared/paths';
import { AccountDetailsStep } from './signUp/AccountDetailsStep';
import { EmailStep } from './signUp/EmailStep';

const STEPS = ['email', 'code', 'details', 'done'] as const;

type Progress = { step: 'email' } | { step: 'code'; email: string } | { step: 'details'; verificationToken: string } | { step: 'done' };

/** Sign-up: e-mail, mailed code, account details; the account then waits for an approver (docs/security.md). */
export function SignUp() {
  const translate = useTranslate();
  const [progress, setProgress] = useState<Progress>({ step: 'email' });

  return (
    <PublicPage title={translate('console.signUp.title')}>
      <Stepper activeStep={STEPS.indexOf(progress.step)} alternativeLabel sx={{ mb: 2 }}>
        {STEPS.map((step) => (
          <Step key={step} completed={progress.step === 'done' || STEPS.indexOf(step) < STEPS.indexOf(progress.step)}>
            <StepLabel>{translate(`console.signUp.steps.${step}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {progress.step === 'email' && <EmailStep onCodeSent={(email) => setProgress({ step: 'code', email })} />}
      {progress.step === 'code' && (
        <OtpCodeForm
          email={progress.email}
          verify={(code) => async (api) => {
            const answer = await api.verifySignUpCode(progress.email, code);
            setProgress({ step: 'details', verificationToken: answer.data.verificationToken });
            return answer;
          }}
          resend={(api) => api.sendSignUpCode(progress.email)}
          onBack={() => setProgress({ step: 'email' })}
        />
      )}
      {progress.step === 'details' && <AccountDetailsStep verificationToken={progress.verificationToken} onRequested={() => setProgress({ step: 'done' })} />}
      {progress.step === 'done' && (
        <Alert severity="success" role="status">
          <strong>{translate('console.signUp.doneTitle')}</strong> {translate('console.signUp.doneMessage')}
        </Alert>
      )}
      <Link component={LinkBase} to={SIGN_IN_PATH} sx={{ display: 'block', mt: 3 }}>
        {translate('console.signUp.haveAccount')}
      </Link>
    </PublicPage>
  );
}
