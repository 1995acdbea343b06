import { useTranslate } from 'react-admin';
import type { PasswordChangeValues } from '../shared';
import { PasswordStrengthMeter } from '../components/PasswordStrengthMeter';
import { PasswordField } from './PasswordField';

interface PasswordChangeFieldsProps {
  values: PasswordChangeValues;
  /** Catalogue labels or server messages per field. */
  problems: Partial<Record<keyof PasswordChangeValues, string>>;
  onChange: (values: PasswordChangeValues) => void;
}

/** Current, new and confirmed password with the strength meter under the new one. */
export function PasswordChangeFields({ values, problems, onChange }: PasswordChangeFieldsProps) {
  const translate = useTranslate();
  const field = (name: keyof PasswordChangeValues, label: string, autoComplete: string) => (
    <PasswordField
      name={name}
      label={translate(label)}
      value={values[name]}
      onChange={(value) => onChange({ ...values, [name]: value })}
      problem={problems[name] && translate(problems[name])}
      autoComplete={autoComplete}
    />
  );
  return (
    <>
      {field('password', 'console.profile.dialog.currentPassword', 'current-password')}
      {field('changePassword', 'console.profile.dialog.newPassword', 'new-password')}
      <PasswordStrengthMeter password={values.changePassword} />
      {field('confirmPassword', 'console.profile.dialog.confirmPassword', 'new-password')}
    </>
  );
}
