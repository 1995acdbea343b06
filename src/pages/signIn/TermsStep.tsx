import { useState, type FormEvent } from 'react';
import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OfferedTerm } from '../../shared/auth';
import type { TokenPair } from '../../shared/envelope';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import { useApiWrite } from '../../components/useApi';
import { TermsAgreement, requiredTermsAccepted } from '../../components/TermsAgreement';

interface TermsStepProps {
  verificationToken: string;
  terms: OfferedTerm[];
  onSignedIn: (tokens: TokenPair) => Promise<void>;
}

/** Terms changed since the last sign-in (TERMS_UPDATED): the required ones must be accepted to continue. */
export function TermsStep({ verificationToken, terms, onSignedIn }: TermsStepProps) {
  const translate = useTranslate();
  const [agreed, setAgreed] = useState<Set<number>>(new Set());
  const { run, pending, error } = useApiWrite({ success: false, failure: 'inPlace' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Signing in with the answer is part of the run: pending until it is done.
    await run(async (api) => {
      const answer = await api.agreeToTerms({ verificationToken, agreedTermVersionIds: [...agreed] });
      await onSignedIn(answer.data);
      return answer;
    });
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
