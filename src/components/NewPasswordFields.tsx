import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { validationLabel, type NewPasswordValues, type ValidationKey } from './formRules';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

interface NewPasswordFieldsProps {
  values: NewPasswordValues;
  problems: Partial<Record<keyof NewPasswordValues, ValidationKey>>;
  onChange: (values: NewPasswordValues) => void;
  passwordLabel?: string;
}

/** A new password, its confirmation and the strength meter, for sign-up and password reset. */
export function NewPasswordFields({ values, problems, onChange, passwordLabel = 'console.fields.password' }: NewPasswordFieldsProps) {
  const translate = useTranslate();
  const message = (key?: ValidationKey) => key && translate(validationLabel(key));
  return (
    <>
      <TextField
        name="password"
        type="password"
        label={translate(passwordLabel)}
        value={values.password}
        onChange={(event) => onChange({ ...values, password: event.target.value })}
        error={Boolean(problems.password)}
        helperText={message(problems.password)}
        autoComplete="new-password"
        fullWidth
        margin="normal"
      />
      <PasswordStrengthMeter password={values.password} />
      <TextField
        name="confirmPassword"
        type="password"
        label={translate('console.fields.confirmPassword')}
        value={values.confirmPassword}
        onChange={(event) => onChange({ ...values, confirmPassword: event.target.value })}
        error={Boolean(problems.confirmPassword)}
        helperText={message(problems.confirmPassword)}
        autoComplete="new-password"
        fullWidth
        margin="normal"
      />
    </>
  );
}
