import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { signInChallengeResponse } from '../../shared/auth';
import type { AnswerOf } from '../../shared/envelope';
import { emailProblem, signInPasswordProblem, validationLabel, type ValidationKey } from '../../components/formRules';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import { useApiWrite } from '../../components/useApi';
import { EmailField } from '../../components/EmailField';

/** E-mail and password; the server answers with a challenge and mails the code. */
export function CredentialsStep({ onChallenge }: { onChallenge: (email: string, challenge: AnswerOf<typeof signInChallengeResponse>) => void }) {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: ValidationKey; password?: ValidationKey }>({});
  const { run, pending, error } = useApiWrite({ success: false, failure: 'inPlace' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { email: emailProblem(email), password: signInPasswordProblem(password) };
    setProblems(found);
    if (found.email || found.password) return;
    const answer = await run((api) => api.signIn({ email: email.trim(), password }));
    if (answer) onChallenge(email.trim(), answer.data);
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
