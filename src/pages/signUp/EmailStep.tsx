import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { authCalls } from '../../api/authCalls';
import { emailProblem, validationLabel, type ValidationKey } from '../../components/formRules';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';

/** Sign-up starts with the e-mail: the server checks the domain and mails a code. */
export function EmailStep({ onCodeSent }: { onCodeSent: (email: string) => void }) {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<ValidationKey>();
  const [error, setError] = useState<unknown>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found);
    if (found) return;
    setPending(true);
    setError(undefined);
    try {
      await authCalls.sendSignUpCode(email.trim());
      onCodeSent(email.trim());
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <ServerErrorAlert error={error} />
      <TextField
        name="email"
        type="email"
        label={translate('console.fields.email')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(problem)}
        helperText={problem && translate(validationLabel(problem))}
        autoComplete="email"
        autoFocus
        fullWidth
        margin="normal"
      />
      <Button type="submit" variant="contained" fullWidth loading={pending} sx={{ mt: 2 }}>
        {translate('console.signUp.sendCode')}
      </Button>
    </form>
  );
}
