import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import type { signInChallengeResponse } from '../../shared/auth';
import type { AnswerOf } from '../../shared/envelope';
import { emailProblem, signInPasswordProblem, validationLabel, type ValidationKey } from '../../components/formRules';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import { EmailField } from '../../components/EmailField';

/** E-mail and password; the server answers with a challenge and mails the code. */
export function CredentialsStep({ onChallenge }: { onChallenge: (email: string, challenge: AnswerOf<typeof signInChallengeResponse>) => void }) {
  const dataProvider = useConsoleDataProvider();
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: ValidationKey; password?: ValidationKey }>({});
  const [error, setError] = useState<unknown>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { email: emailProblem(email), password: signInPasswordProblem(password) };
    setProblems(found);
    if (found.email || found.password) return;
    setPending(true);
    setError(undefined);
    try {
      const answer = await dataProvider.signIn({ email: email.trim(), password });
      onChallenge(email.trim(), answer.data);
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  };

  const message = (key?: ValidationKey) => key && translate(validationLabel(key));
  return (
    <form noValidate onSubmit={submit}>
      <ServerErrorAlert error={error} />
      <EmailField value={email} onChange={setEmail} problem={problems.email} autoComplete="username" />
      <TextField
        name="password"
        type="password"
        label={translate('console.fields.password')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={Boolean(problems.password)}
        helperText={message(problems.password)}
        autoComplete="current-password"
        fullWidth
        margin="normal"
      />
      <Button type="submit" variant="contained" fullWidth loading={pending} sx={{ mt: 2 }}>
        {translate('console.signIn.submit')}
      </Button>
    </form>
  );
}
