import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, OTP_PATTERN, PASSWORD_PATTERN } from './validation-rules';
import { msg } from './validation-messages';

export * from './validation-rules';

export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .regex(EMAIL_PATTERN, msg.emailInvalid)
  .transform((email) => email.toLowerCase());
export const passwordSchema = z.string().regex(PASSWORD_PATTERN, msg.passwordInvalid);
export const otpCodeSchema = z.string().regex(OTP_PATTERN, msg.otpInvalid);
/** Opaque tokens are bounded so a giant string is a validation error, not work. */
export const tokenSchema = z.string().min(10).max(2048);
