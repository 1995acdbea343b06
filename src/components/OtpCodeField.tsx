import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { OTP_LENGTH } from '../shared/constants';

/** The 6-digit one-time code; anything but digits is dropped as it is typed or pasted. */
export function OtpCodeField({ value, onChange, problem }: { value: string; onChange: (code: string) => void; problem?: string }) {
  const translate = useTranslate();
  return (
    <TextField
      name="code"
      label={translate('console.fields.code')}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
      error={Boolean(problem)}
      helperText={problem}
      autoComplete="one-time-code"
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the first field of a one-question step takes focus on purpose
      autoFocus
      fullWidth
      margin="normal"
      slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: OTP_LENGTH, 'aria-required': true } }}
    />
  );
}
