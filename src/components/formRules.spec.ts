import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown';
import { emailProblem, newPasswordProblems, otpProblem } from './formRules';

describe('form rules', () => {
  it('checks e-mails with the shared pattern', () => {
    expect(emailProblem('  ')).toBe('emailRequired');
    expect(emailProblem('ada@example')).toBe('emailInvalid');
    expect(emailProblem('ada@example.museum')).toBe('emailInvalid');
    expect(emailProblem('Ada.L-1@mail.example.com')).toBeUndefined();
  });

  it('wants exactly six digits for a code', () => {
    expect(otpProblem('')).toBe('otpRequired');
    expect(otpProblem('12345')).toBe('otpInvalid');
    expect(otpProblem('123456')).toBeUndefined();
  });

  it('applies the password format and the confirmation match', () => {
    expect(newPasswordProblems({ password: '', confirmPassword: '' })).toEqual({ password: 'passwordRequired', confirmPassword: 'passwordRequired' });
    expect(newPasswordProblems({ password: 'password12', confirmPassword: 'password12' })).toEqual({ password: 'passwordInvalid' });
    expect(newPasswordProblems({ password: 'Secret#123', confirmPassword: 'Secret#124' })).toEqual({ confirmPassword: 'passwordMismatch' });
    expect(newPasswordProblems({ password: 'Secret#123', confirmPassword: 'Secret#123' })).toEqual({});
  });

  it('formats the countdown as mm:ss', () => {
    expect(formatCountdown(300)).toBe('05:00');
    expect(formatCountdown(61)).toBe('01:01');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});
