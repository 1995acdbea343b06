import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PropertyKind } from '../shared/property-kinds';
import { usePropertyName } from './usePropertyName';

interface SelectFieldProps {
  name: string;
  label: string;
  value: string;
  /** The Project Properties table the options come from: they read in the reader's language. */
  kind: PropertyKind;
  options: { code: string; name: string }[];
  onChange: (code: string) => void;
  problem?: string;
}

/** A labelled native select: keyboard-friendly, and its value travels under `name` like any input. */
export function SelectField({ name, label, value, kind, options, onChange, problem }: SelectFieldProps) {
  const translate = useTranslate();
  const nameOf = usePropertyName();
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
          {nameOf(kind, option)}
        </option>
      ))}
    </TextField>
  );
}
