import { isValidEmail, isValidOtpCode, isValidPassword } from '../shared/validation-rules';
import type { ConsoleMessages } from '../i18n/en';

/**
 * Client-side checks with the shared formats (the schemas' rules without zod, which stays off the
 * sign-in page); each returns a `console.validation.*` key, or undefined when fine.
 */
export type ValidationKey = keyof ConsoleMessages['validation'];

export const validationLabel = (key: ValidationKey) => `console.validation.${key}`;

export function emailProblem(email: string): ValidationKey | undefined {
  if (!email.trim()) return 'emailRequired';
  return isValidEmail(email) ? undefined : 'emailInvalid';
}

export function requiredProblem(value: string): ValidationKey | undefined {
  return value.trim() ? undefined : 'required';
}

export function signInPasswordProblem(password: string): ValidationKey | undefined {
  return password ? undefined : 'passwordRequired';
}

export function otpProblem(code: string): ValidationKey | undefined {
  if (!code) return 'otpRequired';
  return isValidOtpCode(code) ? undefined : 'otpInvalid';
}

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/** The password format plus the confirmation match. */
export function newPasswordProblems({ password, confirmPassword }: NewPasswordValues): Partial<Record<keyof NewPasswordValues, ValidationKey>> {
  const problems: Partial<Record<keyof NewPasswordValues, ValidationKey>> = {};
  if (!password) problems.password = 'passwordRequired';
  else if (!isValidPassword(password)) problems.password = 'passwordInvalid';
  if (!confirmPassword) problems.confirmPassword = 'passwordRequired';
  else if (password && confirmPassword !== password) problems.confirmPassword = 'passwordMismatch';
  return problems;
}
