import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readCookie } from '../providers/cookies';
import { clearCookies, envelope, stubFetch } from '../testing/fetchStub';
import { renderPage } from '../testing/renderPage';
import { enFrame as en } from '../i18n/en';
import { ko } from '../i18n/ko';
import { i18nProvider } from '../providers/i18nProvider';
import { SESSION_END_REASONS } from '../shared/session-end';
import { SignIn } from './SignIn';
import { expectCodeBehindDetails } from '../testing/errorDetails';

beforeEach(() => clearCookies());
afterEach(() => vi.unstubAllGlobals());

const renderSignIn = (path = '/sign-in') => renderPage(<SignIn />, { path });

async function reachCodeStep(path = '/sign-in') {
  const user = userEvent.setup();
  const server = stubFetch((call) => {
    if (call.url === '/api/auth/signin') return { body: envelope('OTP_REQUIRED', { challengeToken: 'challenge-token-1', expiresIn: 300 }) };
    if (call.url === '/api/auth/signin/otp') return { body: envelope('SUCCESS', { accessToken: 'access-token-1', refreshToken: 'refresh-token-1' }) };
    return { status: 404, body: envelope('NOT_FOUND') };
  });
  renderSignIn(path);
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret#123');
  await user.keyboard('{Enter}');
  await screen.findByLabelText('Verification code');
  return { user, server };
}

describe('SignIn', () => {
  it('shows the validation messages and sends nothing when the fields are empty or wrong', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS') }));
    renderSignIn();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Invalid Email Format')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the server error (result and resultMessage) inline', async () => {
    const user = userEvent.setup();
    stubFetch(() => ({ status: 401, body: envelope('INVALID_CREDENTIALS', null, 'E-mail or password is wrong') }));
    renderSignIn();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.keyboard('{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid credentials');
    expectCodeBehindDetails(alert, 'INVALID_CREDENTIALS');
    expect(alert).toHaveTextContent('E-mail or password is wrong');
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
  });

  it('moves to the code step after OTP_REQUIRED, with the countdown and Re-send', async () => {
    const { server } = await reachCodeStep();
    expect(server.calls[0].body).toEqual({ email: 'ada@example.com', password: 'Secret#123' });
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/0[45]:\d\d/);
    expect(screen.getByRole('button', { name: /^Re-send in 00:[23]\d$/ })).toBeDisabled();
  });

  it('goes back from the code step to the credentials, to sign in with another account', async () => {
    const { user } = await reachCodeStep();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('refuses non-digits in the code and asks for a code before Next', async () => {
    const { user, server } = await reachCodeStep();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('OTP is required')).toBeInTheDocument();

    const code = screen.getByLabelText('Verification code');
    await user.type(code, 'a1b2-c3d4e5f67');
    expect(code).toHaveValue('123456');
    expect(code).toHaveAttribute('name', 'code');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(readCookie('accessToken')).toBe('access-token-1'));
    expect(server.calls[1]).toMatchObject({ url: '/api/auth/signin/otp', body: { challengeToken: 'challenge-token-1', code: '123456' } });
    expect(readCookie('refreshToken')).toBe('refresh-token-1');
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/$/));
  });

  it('asks for a new password after the code when the password was handed over, then signs in with the answer', async () => {
    const user = userEvent.setup();
    const server = stubFetch((call) => {
      if (call.url === '/api/auth/signin') return { body: envelope('OTP_REQUIRED', { challengeToken: 'challenge-token-1', expiresIn: 300 }) };
      if (call.url === '/api/auth/signin/otp') return { body: envelope('PASSWORD_CHANGE_REQUIRED', { verificationToken: 'initial-proof-1' }) };
      if (call.url === '/api/auth/admin/initial-password') return { body: envelope('SUCCESS', { accessToken: 'access-token-2', refreshToken: 'refresh-token-2' }) };
      return { status: 404, body: envelope('NOT_FOUND') };
    });
    renderSignIn();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'Given#pass1');
    await user.keyboard('{Enter}');
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    expect(readCookie('accessToken')).toBeUndefined();
    await user.type(screen.getByLabelText('New password'), 'Own#pass12');
    await user.type(screen.getByLabelText('Confirm password'), 'Own#pass13');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByText('Password and Password confirm do not match.')).toBeInTheDocument();
    expect(server.calls).toHaveLength(2);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Own#pass12');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(readCookie('accessToken')).toBe('access-token-2'));
    expect(server.calls[2]).toMatchObject({ url: '/api/auth/admin/initial-password', body: { verificationToken: 'initial-proof-1', password: 'Own#pass12' } });
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/$/));
  });

  it('shows why the session ended', () => {
    renderSignIn('/sign-in?notice=Your%20session%20was%20revoked');
    expect(screen.getByText('Your session was revoked')).toBeInTheDocument();
  });

  it.each(SESSION_END_REASONS)('words the reason code %s in English and Korean, never the code', async (reason) => {
    for (const [locale, words] of [
      ['en', en.console.signIn.ended[reason]],
      ['ko', ko.console.signIn.ended[reason]],
    ] as const) {
      await i18nProvider.changeLocale(locale);
      renderSignIn(`/sign-in?notice=${reason}`);
      expect(await screen.findByText(words)).toBeInTheDocument();
      expect(screen.queryByText(reason)).not.toBeInTheDocument();
      cleanup();
    }
    await i18nProvider.changeLocale('en');
  });

  it.each([
    ['/sign-in?next=%2Fuser%2Fusers', '/user/users'],
    ['/sign-in?next=%2Fproject%2Fdetail%2F3%3Ftab%3Dplans', '/project/detail/3?tab=plans'],
    ['/sign-in?next=%2F%2Fevil.example%2Fx', '/'],
    ['/sign-in?next=https%3A%2F%2Fevil.example%2F', '/'],
    ['/sign-in?next=%2Fsign-in', '/'],
  ])('from %s lands on %s once the code is accepted', async (path, landing) => {
    const { user } = await reachCodeStep(path);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe(landing));
  });
});
