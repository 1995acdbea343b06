import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
// Single shared modules, not the index: the sign-in page draws this (its first-password step) without zod.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../shared/constants';
import { passwordStrength } from '../shared/validation-rules';

const LEVEL = { weak: { value: 33, color: 'error' }, medium: { value: 66, color: 'warning' }, strong: { value: 100, color: 'success' } } as const;

/**
 * The password strength meter, rating with the format rule the forms and the server check (passwordStrength): a
 * password they refuse is weak. Nothing typed yet shows no bar, not a red one.
 */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const translate = useTranslate();
  const strength = passwordStrength(password);
  const label = translate('console.passwordStrength.label', { strength: translate(`console.passwordStrength.${strength}`) });
  return (
    <Box sx={{ mt: 1 }}>
      {password && <LinearProgress variant="determinate" value={LEVEL[strength].value} color={LEVEL[strength].color} aria-label={label} />}
      <Typography variant="caption" color="text.secondary">
        {password ? `${label} · ` : ''}
        {translate('console.passwordStrength.rules', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
      </Typography>
    </Box>
  );
}
