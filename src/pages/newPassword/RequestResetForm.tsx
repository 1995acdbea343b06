import { useState, type FormEvent } from 'react';
import { Alert, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import { emailProblem, type ValidationKey } from '../../components/formRules';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import { EmailField } from '../../components/EmailField';

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function RequestResetForm() {
  const dataProvider = useConsoleDataProvider();
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<ValidationKey>();
  const [error, setError] = useState<unknown>();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);

  if (sent)
    return (
      <Alert severity="success" role="status">
        {translate('console.newPassword.linkSent')}
      </Alert>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found);
    if (found) return;
    setPending(true);
    setError(undefined);
    try {
      await dataProvider.requestPasswordReset(email.trim());
      setSent(true);
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <Typography gutterBottom>{translate('console.newPassword.requestHelp')}</Typography>
      <ServerErrorAlert error={error} />
      <EmailField value={email} onChange={setEmail} problem={problem} />
      <Button type="submit" variant="contained" fullWidth loading={pending} sx={{ mt: 2 }}>
        {translate('console.newPassword.send')}
      </Button>
    </form>
  );
}
