import { useState, type FormEvent } from 'react';
import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OfferedTerm } from '../../shared/auth';
import type { TokenPair } from '../../shared/envelope';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import { TermsAgreement, requiredTermsAccepted } from '../../components/TermsAgreement';

interface TermsStepProps {
  verificationToken: string;
  terms: OfferedTerm[];
  onSignedIn: (tokens: TokenPair) => Promise<void>;
}

/** Terms changed since the last sign-in (TERMS_UPDATED): the required ones must be accepted to continue. */
export function TermsStep({ verificationToken, terms, onSignedIn }: TermsStepProps) {
  const dataProvider = useConsoleDataProvider();
  const translate = useTranslate();
  const [agreed, setAgreed] = useState<Set<number>>(new Set());
  const [error, setError] = useState<unknown>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      const answer = await dataProvider.agreeToTerms({ verificationToken, agreedTermVersionIds: [...agreed] });
      await onSignedIn(answer.data);
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('console.terms.updated')}
      </Alert>
      <ServerErrorAlert error={error} />
      <TermsAgreement terms={terms} agreed={agreed} onChange={setAgreed} showVersion />
      {/* The agreement call needs at least one accepted version, even when every term is optional. */}
      <Button type="submit" variant="contained" fullWidth loading={pending} disabled={!requiredTermsAccepted(terms, agreed) || agreed.size === 0}>
        {translate('console.terms.agreeAndContinue')}
      </Button>
    </form>
  );
}
