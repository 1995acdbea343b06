import { useState, type FormEvent } from 'react';
import { Alert, AlertTitle, Button, CircularProgress, Link, Stack } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import { newPasswordProblems, type NewPasswordValues, type ValidationKey } from '../../components/formRules';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import { useApiRead, useApiWrite } from '../../components/useApi';
import { NEW_PASSWORD_PATH, SIGN_IN_PATH } from '../../shared/paths';

/**
 * Sets the password with the token from the mailed link. The link is checked first (without
 * spending it), so a used or expired one says so before anything is typed.
 */
export function SetNewPasswordForm({ token }: { token: string }) {
  const translate = useTranslate();
  const check = useApiRead(['reset-link', token], (api) => api.checkResetLink(token), { retry: false, staleTime: Infinity });
  const [passwords, setPasswords] = useState<NewPasswordValues>({ password: '', confirmPassword: '' });
  const [problems, setProblems] = useState<Partial<Record<keyof NewPasswordValues, ValidationKey>>>({});
  const { run, pending, error } = useApiWrite({ success: false, failure: 'inPlace' });
  const [saved, setSaved] = useState(false);

  if (saved) {
    return (
      <Alert severity="success" role="status">
        {translate('console.newPassword.saved')}{' '}
        <Link component={LinkBase} to={SIGN_IN_PATH}>
          {translate('console.newPassword.signIn')}
        </Link>
      </Alert>
    );
  }

  if (check.isPending) {
    return (
      <Stack alignItems="center" sx={{ py: 3 }} role="status" aria-label={translate('console.newPassword.checking')}>
        <CircularProgress size={32} aria-label={translate('console.newPassword.checking')} />
      </Stack>
    );
  }
  if (check.isError) return <ServerErrorAlert error={check.error} />;
  if (!check.data.valid) {
    return (
      <Alert severity="warning" role="status">
        <AlertTitle>{translate('console.newPassword.linkDead')}</AlertTitle>
        {translate('console.newPassword.linkDeadHelp')}{' '}
        <Link component={LinkBase} to={NEW_PASSWORD_PATH}>
          {translate('console.newPassword.requestAgain')}
        </Link>
      </Alert>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = newPasswordProblems(passwords);
    setProblems(found);
    if (found.password || found.confirmPassword) return;
    if (await run((api) => api.resetPassword({ token, password: passwords.password }))) setSaved(true);
  };

  return (
    <form noValidate onSubmit={submit}>
      <ServerErrorAlert error={error} />
      <NewPasswordFields values={passwords} problems={problems} onChange={setPasswords} passwordLabel="console.fields.newPassword" />
      <Button type="submit" variant="contained" fullWidth loading={pending} sx={{ mt: 2 }}>
        {translate('console.newPassword.submit')}
      </Button>
    </form>
  );
}
