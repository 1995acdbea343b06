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
});
