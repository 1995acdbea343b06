import { useState, type FormEvent } from 'react';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { emailProblem, type ValidationKey } from '../../components/formRules';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import { useApiWrite } from '../../components/useApi';
import { EmailField } from '../../components/EmailField';

/** Sign-up starts with the e-mail: the server checks the domain and mails a code. */
export function EmailStep({ onCodeSent }: { onCodeSent: (email: string) => void }) {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<ValidationKey>();
  const { run, pending, error } = useApiWrite({ success: false, failure: 'inPlace' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found);
    if (found) return;
    if (await run((api) => api.sendSignUpCode(email.trim()))) onCodeSent(email.trim());
  };

  return (
    <form noValidate onSubmit={submit}>
      <ServerErrorAlert error={error} />
      <EmailField value={email} onChange={setEmail} problem={problem} />
      <Button type="submit" variant="contained" fullWidth loading={pending} sx={{ mt: 2 }}>
        {translate('console.signUp.sendCode')}
      </Button>
    </form>
  );
}
