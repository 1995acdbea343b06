import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Link, Stack } from '@mui/material';
import { LinkBase, Navigate, useAuthProvider, useLocation, useNavigate, useNotificationContext, useTranslate } from 'react-admin';
import type { OfferedTerm, signInOtpResponse } from '../shared/auth';
import type { EnvelopeOf, TokenPair } from '../shared/envelope';
import { OtpCodeForm } from '../components/OtpCodeForm';
import { PublicPage } from '../components/PublicPage';
import { readLoginSession } from '../providers/loginSession';
import { SIGN_IN_NOTICE_PARAM, afterSignInPath } from '../providers/signInRedirect';
import { readRefreshToken } from '../providers/storedSession';
import { PrefetchSignedInFrame } from '../routes/PrefetchSignedInFrame';
import { NEW_PASSWORD_PATH, SIGN_UP_PATH } from '../shared/paths';
import { isSessionEndReason } from '../shared/session-end';
import { CredentialsStep } from './signIn/CredentialsStep';
import { InitialPasswordStep } from './signIn/InitialPasswordStep';
import { TermsStep } from './signIn/LazyTermsStep';

type Step =
  | { kind: 'credentials' }
  | { kind: 'code'; email: string; challengeToken: string }
  | { kind: 'newPassword'; verificationToken: string }
  | { kind: 'terms'; verificationToken: string; terms: OfferedTerm[] };

const STEP_TITLES: Record<Step['kind'], string> = {
  credentials: 'console.signIn.title',
  code: 'console.signIn.codeTitle',
  newPassword: 'console.signIn.initialPasswordTitle',
  terms: 'console.signIn.title',
};

/** A stored refresh token still counts: the layout's auth check renews the access token. */
const hasStoredSession = () => readLoginSession().loginYn === 'Y' || Boolean(readRefreshToken());

/** Sign-in: credentials, then the mailed code, then (for a handed-over password) a new one, then (when terms changed) the terms (docs/api.md). */
export function SignIn() {
  const translate = useTranslate();
  const authProvider = useAuthProvider();
  const navigate = useNavigate();
  const { resetNotifications } = useNotificationContext();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [signedInAlready] = useState(hasStoredSession);
  // Only a same-site path that needs signing in is followed (no open redirect through ?next=).
  const nextPath = afterSignInPath(search);
  if (signedInAlready) return <Navigate to={nextPath} replace />;

  const completeSignIn = async (tokens: TokenPair) => {
    await authProvider!.login(tokens);
    // react-admin caches the "not signed in" answer it got on this page; without a reset the layout
    // would act on that stale answer and log the new session straight out (useLogin resets only permissions).
    await queryClient.resetQueries({ queryKey: ['auth'] });
    resetNotifications();
    navigate(nextPath);
  };
  const nextStep = async (answer: EnvelopeOf<typeof signInOtpResponse>) => {
    if (answer.result === 'PASSWORD_CHANGE_REQUIRED') setStep({ kind: 'newPassword', ...answer.data });
    else if (answer.result === 'TERMS_UPDATED') setStep({ kind: 'terms', ...answer.data });
    else await completeSignIn(answer.data);
  };
  const notice = new URLSearchParams(search).get(SIGN_IN_NOTICE_PARAM);
  // A reason code from the 401 reads in the console's language; any other notice is shown as sent.
  const noticeText = isSessionEndReason(notice) ? translate(`console.signIn.ended.${notice}`) : notice;

  return (
    <PublicPage title={translate(STEP_TITLES[step.kind])}>
      {notice && step.kind === 'credentials' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {noticeText}
        </Alert>
      )}
      {step.kind === 'credentials' && <CredentialsStep onChallenge={(email, { challengeToken }) => setStep({ kind: 'code', email, challengeToken })} />}
      {step.kind === 'code' && <PrefetchSignedInFrame />}
      {step.kind === 'code' && (
        <OtpCodeForm
          email={step.email}
          verify={(code) => async (api) => {
            // Signing in is part of the step: Next stays busy, and a failure shows here.
            const answer = await api.verifySignInCode({ challengeToken: step.challengeToken, code });
            await nextStep(answer);
            return answer;
          }}
          resend={async (api) => {
            // A re-sent code belongs to a new challenge; the old one is retired by the server.
            const answer = await api.resendSignInCode(step.challengeToken);
            setStep({ ...step, challengeToken: answer.data.challengeToken });
            return answer;
          }}
          onBack={() => setStep({ kind: 'credentials' })}
        />
      )}
      {step.kind === 'newPassword' && <InitialPasswordStep verificationToken={step.verificationToken} onAnswer={nextStep} />}
      {step.kind === 'terms' && <TermsStep verificationToken={step.verificationToken} terms={step.terms} onSignedIn={completeSignIn} />}
      <Stack direction="row" justifyContent="space-between" sx={{ mt: 3 }}>
        <Link component={LinkBase} to={SIGN_UP_PATH}>
          {translate('console.signIn.signUp')}
        </Link>
        <Link component={LinkBase} to={NEW_PASSWORD_PATH}>
          {translate('console.signIn.forgotPassword')}
        </Link>
      </Stack>
    </PublicPage>
  );
}
