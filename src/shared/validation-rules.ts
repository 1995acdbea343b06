/**
 * The sign-in and password formats as plain patterns and checks, without zod: the sign-in page checks its fields
 * with these before the schemas' chunk is loaded. validation.ts builds the schemas from them.
 */
import { OTP_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/** E-mail: letters, digits, dot, underscore or hyphen; @; a domain; a 2–4 letter top-level part. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,4}$/;
/** Password: 8–64 characters (the specification's 12 raised, docs/decisions.md) with a letter, a digit and one of ! @ # $ % ^ & *. */
export const PASSWORD_PATTERN = new RegExp(`^(?=.*[A-Za-z])(?=.*\\d)(?=.*[!@#$%^&*])[A-Za-z\\d!@#$%^&*]{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`);
export const EMAIL_MAX_LENGTH = 254;
export const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

export const messages = {
  emailInvalid: 'Invalid Email Format',
  passwordInvalid: 'Invalid Password Format',
  passwordRequired: 'Password is required.',
  currentPasswordRequired: 'Current Password is required.',
  passwordMismatch: 'Password and Password confirm do not match.',
  passwordUnchanged: 'Your current password and the password you want to change to must not match.',
  otpRequired: 'OTP is required',
  otpInvalid: 'OTP must be 6 digits',
} as const;

/** The same acceptance as emailSchema: trimmed, at most EMAIL_MAX_LENGTH, EMAIL_PATTERN format. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
export function isValidPassword(value: string): boolean {
  return PASSWORD_PATTERN.test(value);
}
export function isValidOtpCode(value: string): boolean {
  return OTP_PATTERN.test(value);
}

export type PasswordStrength = 'weak' | 'medium' | 'strong';

/**
 * The password strength meter, under the format rule: a password the forms and the server refuse is
 * weak whatever its mix, so the meter never praises what will be turned away.
 */
export function passwordStrength(value: string): PasswordStrength {
  if (!isValidPassword(value)) return 'weak';
  // An accepted password has 8+ characters, a letter and a digit: strong once it mixes cases.
  return /[a-z]/.test(value) && /[A-Z]/.test(value) ? 'strong' : 'medium';
}

export interface PasswordChangeValues {
  password: string;
  changePassword: string;
  confirmPassword: string;
}

/** The change-password rules, returning the key of the message (in `messages`) for each failing field. */
export function validatePasswordChange(values: PasswordChangeValues): Partial<Record<keyof PasswordChangeValues, keyof typeof messages>> {
  const errors: Partial<Record<keyof PasswordChangeValues, keyof typeof messages>> = {};
  if (!values.password) errors.password = 'currentPasswordRequired';
  if (!values.changePassword) errors.changePassword = 'passwordRequired';
  else if (!isValidPassword(values.changePassword)) errors.changePassword = 'passwordInvalid';
  else if (values.password && values.changePassword === values.password) errors.changePassword = 'passwordUnchanged';
  if (!values.confirmPassword) errors.confirmPassword = 'passwordRequired';
  else if (values.changePassword && values.confirmPassword !== values.changePassword) errors.confirmPassword = 'passwordMismatch';
  return errors;
}
