import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

interface SelectFieldProps {
  name: string;
  label: string;
  value: string;
  options: { code: string; name: string }[];
  onChange: (code: string) => void;
  problem?: string;
}

/** A labelled native select: keyboard-friendly, and its value travels under `name` like any input. */
export function SelectField({ name, label, value, options, onChange, problem }: SelectFieldProps) {
  const translate = useTranslate();
  return (
    <TextField
      select
      id={`${name}-select`}
      name={name}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(problem)}
      helperText={problem}
      fullWidth
      margin="normal"
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'aria-required': true } }}
    >
      <option value="">{translate('console.signUp.choose')}</option>
      {options.map((option) => (
        <option key={option.code} value={option.code}>
          {option.name}
        </option>
      ))}
    </TextField>
  );
}
