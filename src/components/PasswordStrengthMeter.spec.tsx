import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage } from '../testing/renderPage';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

describe('PasswordStrengthMeter', () => {
  it('shows no bar (and no verdict) before anything is typed, only the rules', () => {
    renderPage(<PasswordStrengthMeter password="" />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/Password strength/)).not.toBeInTheDocument();
  });

  it('rates what is typed', () => {
    renderPage(<PasswordStrengthMeter password="abc" />);
    expect(screen.getByRole('progressbar', { name: 'Password strength: Weak' })).toHaveAttribute('aria-valuenow', '33');
  });

  it("rates a password manager's 20-character password strong and states the 8 to 64 rule", () => {
    renderPage(<PasswordStrengthMeter password="K7#pQ2@vL9$wR4^tM8&z" />);
    expect(screen.getByRole('progressbar', { name: 'Password strength: Strong' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText(/8 to 64 characters with a letter, a digit and one of/)).toBeInTheDocument();
  });

  // Whatever its mix of cases and digits, a password the form refuses is never rated above weak.
  it.each([
    ['65 characters', `Ab1!${'x'.repeat(61)}`],
    ['no symbol', 'Abcdefg1'],
    ['a symbol outside the set', 'Abcdefg1?'],
  ])('rates a refused password with %s weak', (_why, password) => {
    renderPage(<PasswordStrengthMeter password={password} />);
    expect(screen.getByRole('progressbar', { name: 'Password strength: Weak' })).toHaveAttribute('aria-valuenow', '33');
  });
});
