import { describe, expect, it } from 'vitest';
import { emailSchema, isValidEmail, isValidOtpCode, isValidPassword, otpCodeSchema, passwordSchema, passwordStrength, validatePasswordChange } from '../../src/shared/validation';
import { authorityOf, rankAllows } from '../../src/shared/ranks';
import { isCalendarDay } from '../../src/shared/calendar-day';
import { backfillInput } from '../../src/shared/collect-configs';

describe('e-mail format', () => {
  it.each(['a.b_c-d@example.com', 'x@sub.example.co', 'USER@EXAMPLE.ORG'])('accepts %s', (email) => expect(isValidEmail(email)).toBe(true));
  it.each(['plain', 'a@b', 'a@b.c', 'a@example.toolong', "x' OR 1=1 --@example.com", 'a+b@example.com', 'a@exa mple.com'])('refuses %s', (email) => expect(isValidEmail(email)).toBe(false));
});

// The sign-in page checks with the zod-free rules; they must accept exactly what the schemas accept.
describe('zod-free checks agree with the schemas', () => {
  const longEmail = `${'a'.repeat(242)}@example.com`;
  it.each(['a.b_c-d@example.com', ' USER@EXAMPLE.ORG ', 'a@b', longEmail, `${longEmail}x`])('e-mail %s', (email) => expect(isValidEmail(email)).toBe(emailSchema.safeParse(email).success));
  it.each(['Abcdef1!', 'Abcdefgh1', 'Abcdefgh123!x', `Ab1!${'x'.repeat(60)}`, `Ab1!${'x'.repeat(61)}`])('password %s', (password) =>
    expect(isValidPassword(password)).toBe(passwordSchema.safeParse(password).success),
  );
  it.each(['123456', '12345', '1234567', '12a456'])('code %s', (code) => expect(isValidOtpCode(code)).toBe(otpCodeSchema.safeParse(code).success));
  it('refuses an e-mail longer than 254 characters', () => {
    expect(isValidEmail(longEmail)).toBe(true);
    expect(isValidEmail(`${longEmail}x`)).toBe(false);
  });
});

// 8–64 characters: the specification's 12 raised so a password manager's passwords fit (docs/decisions.md).
describe('password format', () => {
  it.each(['Abcdef1!', 'abc12345$xyz', 'A1^bbbbb', 'Abcdefgh123!x', 'K7#pQ2@vL9$wR4^tM8&z', `Ab1!${'x'.repeat(60)}`])('accepts %s', (password) => expect(isValidPassword(password)).toBe(true));
  it.each([
    ['too short', 'Ab1!xyz'],
    ['too long', `Ab1!${'x'.repeat(61)}`],
    ['no digit', 'Abcdefgh!'],
    ['no letter', '12345678!'],
    ['no symbol', 'Abcdefgh1'],
    ['symbol outside the set', 'Abcdefg1?'],
  ])('refuses one with %s', (_why, password) => expect(isValidPassword(password)).toBe(false));
});

describe('strength meter', () => {
  it('is weak for any short or one-class input', () => {
    expect(passwordStrength('')).toBe('weak');
    expect(passwordStrength('abcdefgh')).toBe('weak');
    expect(passwordStrength('ab1')).toBe('weak');
  });
  it('is medium for an accepted password in one case', () => {
    expect(passwordStrength('abcdef1!')).toBe('medium');
    expect(passwordStrength('ABCDEF1!')).toBe('medium');
  });
  it('is strong for an accepted password with lower, upper and digit, up to 64 characters', () => {
    expect(passwordStrength('Abcdefg1!')).toBe('strong');
    expect(passwordStrength('K7#pQ2@vL9$wR4^tM8&z')).toBe('strong');
    expect(passwordStrength(`Ab1!${'x'.repeat(60)}`)).toBe('strong');
  });
  // The meter never rates above weak what the format refuses, however mixed it is.
  it.each([
    ['65 characters', `Ab1!${'x'.repeat(61)}`],
    ['no symbol', 'Abcdefg1'],
    ['too short', 'Abc1!'],
    ['symbol outside the set', 'Abcdefg1?'],
    ['a space', 'Abcdef 1!'],
  ])('is weak for a refused password with %s', (_why, password) => {
    expect(isValidPassword(password)).toBe(false);
    expect(passwordStrength(password)).toBe('weak');
  });
});

describe('change-password rules', () => {
  it('requires all three fields with the specification messages', () => {
    expect(validatePasswordChange({ password: '', changePassword: '', confirmPassword: '' })).toEqual({
      password: 'currentPasswordRequired',
      changePassword: 'passwordRequired',
      confirmPassword: 'passwordRequired',
    });
  });
  it('checks format, match and difference from the current password', () => {
    expect(validatePasswordChange({ password: 'Old#1234', changePassword: 'weak', confirmPassword: 'weak' }).changePassword).toBe('passwordInvalid');
    expect(validatePasswordChange({ password: 'Old#1234', changePassword: 'New#1234', confirmPassword: 'New#12345' }).confirmPassword).toBe('passwordMismatch');
    expect(validatePasswordChange({ password: 'Same#1234', changePassword: 'Same#1234', confirmPassword: 'Same#1234' }).changePassword).toBe('passwordUnchanged');
    expect(validatePasswordChange({ password: 'Old#1234', changePassword: 'New#1234', confirmPassword: 'New#1234' })).toEqual({});
  });
});

describe('ranks', () => {
  it('allows a route only when its rank is not less than the user rank number', () => {
    expect(rankAllows(5, 1)).toBe(true);
    expect(rankAllows(1, 5)).toBe(false);
    expect(rankAllows(4, 4)).toBe(true);
    expect(rankAllows(99, 10)).toBe(true);
    expect(rankAllows(5, 10)).toBe(false);
  });
  it('maps ranks to authorities', () => {
    expect(authorityOf(1)).toBe('system-admin');
    expect(authorityOf(3)).toBe('region-admin');
    expect(authorityOf(10)).toBeUndefined();
  });
});

describe('calendar days', () => {
  it('accepts days that exist and refuses those Date.parse would roll over', () => {
    expect(['2024-02-29', '2023-12-31', '2024-04-30'].every(isCalendarDay)).toBe(true);
    expect(['2024-02-30', '2023-02-29', '2024-04-31', '2024-13-01', '2024-1-01', '20240101'].some(isCalendarDay)).toBe(false);
  });

  it('refuses an impossible day in a backfill range, as the collect forms and server share it', () => {
    expect(backfillInput.safeParse({ from: '2024-02-01', to: '2024-02-29' }).success).toBe(true);
    const refused = backfillInput.safeParse({ from: '2024-02-01', to: '2024-02-30' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['to', 'notRealDate']]);
  });
});
