import type { SxProps, Theme } from '@mui/material';
import { FieldTitle, InputHelperText, useInput, type InputProps } from 'react-admin';
import { DateTextField, type DateEntry } from './DateTextField';

export interface ConsoleDateInputProps extends Omit<InputProps, 'format' | 'parse'> {
  /**
   * In a list filter: only a complete real date, or an empty field, changes the filter, so a
   * half-typed date never reaches the server. In a record form the typed text is stored as it is
   * until it is a date, so the form's rules refuse to save it.
   */
  filter?: boolean;
  /** Turns a complete typed value ('YYYY-MM-DD' or local 'YYYY-MM-DDTHH:mm') into the stored one. */
  parse?: (value: string) => unknown;
  /** Read by react-admin's filter bar; nothing to do here. */
  alwaysOn?: boolean;
  className?: string;
  sx?: SxProps<Theme>;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  variant?: 'standard' | 'outlined' | 'filled';
  margin?: 'none' | 'dense' | 'normal';
}

const asTyped = (value: unknown) => value;
/** An emptied filter must be '' (react-admin drops it; undefined would keep the old one); a form stores null as react-admin's inputs do. */
const emptyValue = (filter: boolean) => (filter ? '' : null);

function ConsoleDateTextInput({
  withTime,
  filter = false,
  parse = asTyped,
  source,
  label,
  helperText,
  resource,
  isRequired,
  disabled,
  readOnly,
  className,
  sx,
  fullWidth,
  size = 'small',
  variant,
  margin,
  alwaysOn: _alwaysOn,
  ...rest
}: ConsoleDateInputProps & { withTime: boolean }) {
  const { field, fieldState, id, isRequired: required } = useInput({ source, resource, isRequired, disabled, readOnly, ...rest, format: asTyped, parse: asTyped });
  const store = (entry: DateEntry) => {
    if (!entry.valid && filter) return field.value;
    const stored = !entry.valid ? entry.text : entry.value !== null ? parse(entry.value) : emptyValue(filter);
    field.onChange(stored);
    return stored;
  };
  const error = fieldState.invalid ? <InputHelperText error={fieldState.error?.message} /> : undefined;
  return (
    <DateTextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={field.value}
      onEntry={store}
      onBlur={field.onBlur}
      withTime={withTime}
      label={label === false || label === '' ? undefined : <FieldTitle label={label} source={source} resource={resource} isRequired={required} />}
      helperText={helperText === false ? false : <InputHelperText helperText={helperText} />}
      error={error}
      disabled={disabled || readOnly}
      readOnly={readOnly}
      className={['ra-input', `ra-input-${source}`, className].filter(Boolean).join(' ')}
      sx={sx}
      fullWidth={fullWidth}
      size={size}
      variant={variant}
      margin={margin}
    />
  );
}

/** react-admin's date input, typed and shown as YYYY-MM-DD in every language; stores 'YYYY-MM-DD'. */
export function ConsoleDateInput(props: ConsoleDateInputProps) {
  return <ConsoleDateTextInput {...props} withTime={false} />;
}

/** Date and time typed as YYYY-MM-DD HH:mm in the browser's time zone; stores the local 'YYYY-MM-DDTHH:mm' unless `parse` says otherwise. */
export function ConsoleDateTimeInput(props: ConsoleDateInputProps) {
  return <ConsoleDateTextInput {...props} withTime />;
}
