import { useState, type FormEvent } from 'react';
import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { signInOtpResponse } from '../../shared/auth';
import type { EnvelopeOf } from '../../shared/envelope';
import { newPasswordProblems, type NewPasswordValues, type ValidationKey } from '../../components/formRules';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import { useApiWrite } from '../../components/useApi';

interface InitialPasswordStepProps {
  verificationToken: string;
  /** The server's next answer: signed in, or the terms to accept first. */
  onAnswer: (answer: EnvelopeOf<typeof signInOtpResponse>) => Promise<void>;
}

/** The password was handed over (PASSWORD_CHANGE_REQUIRED): signing in goes on once the user has chosen their own. */
export function InitialPasswordStep({ verificationToken, onAnswer }: InitialPasswordStepProps) {
  const translate = useTranslate();
  const [passwords, setPasswords] = useState<NewPasswordValues>({ password: '', confirmPassword: '' });
  const [problems, setProblems] = useState<Partial<Record<keyof NewPasswordValues, ValidationKey>>>({});
  const { run, pending, error } = useApiWrite({ success: false, failure: 'inPlace' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = newPasswordProblems(passwords);
    setProblems(found);
    if (found.password || found.confirmPassword) return;
    // What follows the answer (the next step, or signing in) is part of the run: pending until it is done.
    await run(async (api) => {
      const answer = await api.setInitialPassword({ verificationToken, password: passwords.password });
      await onAnswer(answer);
      return answer;
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('console.signIn.initialPasswordHelp')}
      </Alert>
      <ServerErrorAlert error={error} />
      <NewPasswordFields values={passwords} problems={problems} onChange={setPasswords} passwordLabel="console.fields.newPassword" />
      <Button type="submit" variant="contained" fullWidth loading={pending} sx={{ mt: 2 }}>
        {translate('console.signIn.initialPasswordSubmit')}
      </Button>
    </form>
  );
}
