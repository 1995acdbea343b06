import { useState, type FormEvent } from 'react';
import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { signInOtpResponse } from '../../shared/auth';
import type { EnvelopeOf } from '../../shared/envelope';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import { newPasswordProblems, type NewPasswordValues, type ValidationKey } from '../../components/formRules';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';

interface InitialPasswordStepProps {
  verificationToken: string;
  /** The server's next answer: signed in, or the terms to accept first. */
  onAnswer: (answer: EnvelopeOf<typeof signInOtpResponse>) => Promise<void>;
}

/** The password was handed over (PASSWORD_CHANGE_REQUIRED): signing in goes on once the user has chosen their own. */
export function InitialPasswordStep({ verificationToken, onAnswer }: InitialPasswordStepProps) {
  const dataProvider = useConsoleDataProvider();
  const translate = useTranslate();
  const [passwords, setPasswords] = useState<NewPasswordValues>({ password: '', confirmPassword: '' });
  const [problems, setProblems] = useState<Partial<Record<keyof NewPasswordValues, ValidationKey>>>({});
  const [error, setError] = useState<unknown>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = newPasswordProblems(passwords);
    setProblems(found);
    if (found.password || found.confirmPassword) return;
    setPending(true);
    setError(undefined);
    try {
      await onAnswer(await dataProvider.setInitialPassword({ verificationToken, password: passwords.password }));
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
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
