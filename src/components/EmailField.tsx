import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { validationLabel, type ValidationKey } from './formRules';

interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  problem?: ValidationKey;
  /** 'username' on sign-in, so password managers pair it with the password. */
  autoComplete?: 'email' | 'username';
}

/** The e-mail input of the public pages (sign-in, sign-up, new password). */
export function EmailField({ value, onChange, problem, autoComplete = 'email' }: EmailFieldProps) {
  const translate = useTranslate();
  return (
    <TextField
      name="email"
      // HTML allows autocomplete="username" only on a text input (WCAG 1.3.5); the keyboard stays an e-mail one.
      type={autoComplete === 'username' ? 'text' : 'email'}
      slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
      label={translate('console.fields.email')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(problem)}
      helperText={problem && translate(validationLabel(problem))}
      autoComplete={autoComplete}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the first field of a one-question step takes focus on purpose
      autoFocus
      fullWidth
      margin="normal"
    />
  );
}
