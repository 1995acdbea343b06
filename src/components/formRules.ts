import { emailSchema, otpCodeSchema, passwordSchema } from '../shared';
import type { ConsoleMessages } from '../i18n/en';

/** Client-side checks with the shared schemas; each returns a `console.validation.*` key, or undefined when fine. */
export type ValidationKey = keyof ConsoleMessages['validation'];

export const validationLabel = (key: ValidationKey) => `console.validation.${key}`;

export function emailProblem(email: string): ValidationKey | undefined {
  if (!email.trim()) return 'emailRequired';
  return emailSchema.safeParse(email).success ? undefined : 'emailInvalid';
}

export function requiredProblem(value: string): ValidationKey | undefined {
  return value.trim() ? undefined : 'required';
}

export function signInPasswordProblem(password: string): ValidationKey | undefined {
  return password ? undefined : 'passwordRequired';
}

export function otpProblem(code: string): ValidationKey | undefined {
  if (!code) return 'otpRequired';
  return otpCodeSchema.safeParse(code).success ? undefined : 'otpInvalid';
}

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/** SPEC §5 password format plus the confirmation match. */
export function newPasswordProblems({ password, confirmPassword }: NewPasswordValues): Partial<Record<keyof NewPasswordValues, ValidationKey>> {
  const problems: Partial<Record<keyof NewPasswordValues, ValidationKey>> = {};
  if (!password) problems.password = 'passwordRequired';
  else if (!passwordSchema.safeParse(password).success) problems.password = 'passwordInvalid';
  if (!confirmPassword) problems.confirmPassword = 'passwordRequired';
  else if (password && confirmPassword !== password) problems.confirmPassword = 'passwordMismatch';
  return problems;
}
