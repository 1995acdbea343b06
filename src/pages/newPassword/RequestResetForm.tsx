import { useState, type FormEvent } from 'react';
import { Alert, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { emailProblem, type ValidationKey } from '../../components/formRules';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import { useApiWrite } from '../../components/useApi';
import { EmailField } from '../../components/EmailField';

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function RequestResetForm() {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<ValidationKey>();
  const { run, pending, error } = useApiWrite({ success: false, failure: 'inPlace' });
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
    if (await run((api) => api.requestPasswordReset(email.trim()))) setSent(true);
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
