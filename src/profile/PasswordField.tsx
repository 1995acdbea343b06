import { useState } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslate } from 'react-admin';

interface PasswordFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string;
  autoComplete: string;
}

/** A password input with its own show/hide button. */
export function PasswordField({ name, label, value, onChange, problem, autoComplete }: PasswordFieldProps) {
  const translate = useTranslate();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      name={name}
      type={shown ? 'text' : 'password'}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(problem)}
      helperText={problem}
      autoComplete={autoComplete}
      fullWidth
      size="small"
      margin="dense"
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                size="small"
                aria-label={translate(shown ? 'console.profile.dialog.hidePassword' : 'console.profile.dialog.showPassword', { field: label })}
                aria-pressed={shown}
                onClick={() => setShown(!shown)}
              >
                {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
