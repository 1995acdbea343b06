import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, stubFetch } from '../testing/fetchStub';
import { renderPage } from '../testing/renderPage';
import { SignUp } from './SignUp';

afterEach(() => vi.unstubAllGlobals());

const terms = [
  { termId: 1, termVersionId: 11, title: 'Terms of Service', agreementType: 'REQUIRED', requiredFlag: 'Y', version: '1', content: 'Be nice.', effectiveAt: '2025-01-01' },
  { termId: 2, termVersionId: 21, title: 'Marketing', agreementType: 'POST', requiredFlag: 'N', version: '1', content: 'News.', effectiveAt: '2025-01-01' },
];
const options = {
  regions: [
    { code: 'APAC', name: 'Asia Pacific' },
    { code: 'EU', name: 'Europe' },
  ],
  countries: [
    { code: 'KR', name: 'Korea', regionCode: 'APAC' },
    { code: 'FR', name: 'France', regionCode: 'EU' },
  ],
  companies: [{ code: 'ACME', name: 'Acme' }],
};

describe('SignUp', () => {
  it('goes e-mail → code → details and ends on the awaiting-approval message', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch((call) => {
      if (call.url === '/api/auth/otp') return { body: envelope('SUCCESS', { expiresIn: 300 }) };
      if (call.url === '/api/auth/otp/verification') return { body: envelope('SUCCESS', { verificationToken: 'verification-token-1' }) };
      if (call.url === '/api/auth/terms') return { body: envelope('SUCCESS', terms) };
      if (call.url === '/api/auth/signup-options') return { body: envelope('SUCCESS', options) };
      return { body: envelope('SUCCESS', { approvalStatusCode: 'PENDING' }) };
    });
    renderPage(<SignUp />, { path: '/sign-up' });

    await user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
    await user.type(await screen.findByLabelText('Verification code'), '123456{Enter}');
    await screen.findByText('Be nice.');

    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.selectOptions(screen.getByLabelText('Company'), 'ACME');
    await user.selectOptions(screen.getByLabelText('Region'), 'EU');
    const office = screen.getByLabelText('Country of office');
    expect(
      within(office)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'France']);
    await user.selectOptions(office, 'FR');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret#123');

    await user.click(screen.getByRole('button', { name: 'Request account' }));
    expect(screen.getByText('Please accept the required terms.')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/auth/signup')).toBe(false);

    await user.click(screen.getByLabelText('I agree to Terms of Service'));
    await user.click(screen.getByRole('button', { name: 'Request account' }));
    expect(await screen.findByText(/awaiting approval/)).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/auth/signup')?.body).toEqual({
      verificationToken: 'verification-token-1',
      password: 'Secret#123',
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'ACME',
      region: 'EU',
      office: 'FR',
      agreedTermVersionIds: [11],
    });
  }, 60_000); // a long form typed key by key in jsdom
});
