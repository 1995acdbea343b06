import { useState, type FormEvent } from 'react';
import { Alert, Button, CircularProgress, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { newPasswordProblems, requiredProblem, validationLabel, type NewPasswordValues, type ValidationKey } from '../../components/formRules';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import { useApiRead, useApiWrite } from '../../components/useApi';
import { TermsAgreement, requiredTermsAccepted } from '../../components/TermsAgreement';
import { OfficeFields, type OfficeValues } from './OfficeFields';

type Problems = Partial<Record<'firstName' | 'lastName' | keyof OfficeValues | keyof NewPasswordValues | 'terms', ValidationKey>>;

/** Terms, name, office and password, sent with the verification token from the e-mail step. */
export function AccountDetailsStep({ verificationToken, onRequested }: { verificationToken: string; onRequested: () => void }) {
  const translate = useTranslate();
  const offer = useApiRead(['sign-up', 'offer'], async (api) => {
    const [terms, options] = await Promise.all([api.fetchTerms(), api.fetchSignUpOptions()]);
    return { data: { terms: terms.data, options: options.data } };
  });
  const offered = offer.data;
  const [agreed, setAgreed] = useState<Set<number>>(new Set());
  const [name, setName] = useState({ firstName: '', lastName: '' });
  const [office, setOffice] = useState<OfficeValues>({ company: '', region: '', office: '' });
  const [requestComment, setRequestComment] = useState('');
  const [passwords, setPasswords] = useState<NewPasswordValues>({ password: '', confirmPassword: '' });
  const [problems, setProblems] = useState<Problems>({});
  const { run, pending, error } = useApiWrite({ success: false, failure: 'inPlace' });

  if (!offered) return offer.error ? <ServerErrorAlert error={offer.error} /> : <CircularProgress aria-label={translate('ra.page.loading')} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {
      firstName: requiredProblem(name.firstName),
      lastName: requiredProblem(name.lastName),
      company: requiredProblem(office.company),
      region: requiredProblem(office.region),
      office: requiredProblem(office.office),
      ...newPasswordProblems(passwords),
      terms: requiredTermsAccepted(offered.terms, agreed) ? undefined : 'requiredTerms',
    };
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    const answer = await run((api) =>
      api.signUp({
        verificationToken,
        password: passwords.password,
        ...name,
        ...office,
        requestComment: requestComment.trim() || undefined,
        agreedTermVersionIds: [...agreed],
      }),
    );
    if (answer) onRequested();
  };

  const message = (key?: ValidationKey) => key && translate(validationLabel(key));
  const nameField = (field: keyof typeof name) => (
    <TextField
      name={field}
      label={translate(`console.fields.${field}`)}
      value={name[field]}
      onChange={(event) => setName({ ...name, [field]: event.target.value })}
      error={Boolean(problems[field])}
      helperText={message(problems[field])}
      autoComplete={field === 'firstName' ? 'given-name' : 'family-name'}
      fullWidth
      margin="normal"
    />
  );

  return (
    <form noValidate onSubmit={submit}>
      <ServerErrorAlert error={error} />
      <TermsAgreement terms={offered.terms} agreed={agreed} onChange={setAgreed} />
      {problems.terms && <Alert severity="error">{message(problems.terms)}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        {nameField('firstName')}
        {nameField('lastName')}
      </Stack>
      <OfficeFields options={offered.options} values={office} problems={problems} onChange={setOffice} />
      <TextField
        name="requestComment"
        label={translate('console.fields.requestComment')}
        value={requestComment}
        onChange={(event) => setRequestComment(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        margin="normal"
      />
      <NewPasswordFields values={passwords} problems={problems} onChange={setPasswords} />
      <Button type="submit" variant="contained" fullWidth loading={pending} sx={{ mt: 2 }}>
        {translate('console.signUp.submit')}
      </Button>
    </form>
  );
}
