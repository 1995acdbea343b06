import { PasswordInput, useRecordContext, useTranslate } from 'react-admin';

interface SecretInputProps {
  source?: string;
  /** The record's flag saying a secret is stored (the API never returns the secret itself). */
  setFlagSource?: string;
  label?: string;
}

/**
 * A write-only secret: a password-type input that starts empty. On edit the helper says whether a
 * secret is stored; leaving the input empty keeps it.
 */
export function SecretInput({ source = 'secret', setFlagSource = 'secretSet', label }: SecretInputProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const stored = Boolean(record?.[setFlagSource]);
  const helper = !record ? 'resources.market-accounts.secret.newHelper' : stored ? 'resources.market-accounts.secret.keepHelper' : 'resources.market-accounts.secret.unsetHelper';
  return <PasswordInput source={source} label={label} helperText={translate(helper)} autoComplete="new-password" fullWidth sx={{ maxWidth: 480 }} />;
}
