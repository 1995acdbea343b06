import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, stubFetch } from '../../testing/fetchStub';
import { renderPage } from '../../testing/renderPage';
import { SetNewPasswordForm } from './SetNewPasswordForm';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'mailed-token-123';

function server(check: unknown) {
  return stubFetch((call) => {
    if (call.url === `/api/auth/password/reset/${TOKEN}` && call.method === 'GET') return { body: envelope('SUCCESS', check) };
    if (call.url === '/api/auth/password/reset' && call.method === 'PUT') return { body: envelope('SUCCESS') };
    return { status: 404, body: envelope('NOT_FOUND') };
  });
}

describe('SetNewPasswordForm', () => {
  it.each(['USED', 'EXPIRED', 'UNKNOWN'])('says a %s link cannot be used, with a way to ask for a new one, instead of the form', async (reason) => {
    const { calls } = server({ valid: false, reason });
    renderPage(<SetNewPasswordForm token={TOKEN} />, { path: `/new-password/${TOKEN}` });
    expect(await screen.findByText('This link was used or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/new-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save password' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('shows the form for a valid link and sets the password with it', async () => {
    const user = userEvent.setup();
    const { calls } = server({ valid: true });
    renderPage(<SetNewPasswordForm token={TOKEN} />, { path: `/new-password/${TOKEN}` });
    await user.type(await screen.findByLabelText('New password'), 'Fresh#pass12');
    await user.type(screen.getByLabelText('Confirm password'), 'Fresh#pass12');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(calls[1]).toMatchObject({ method: 'PUT', body: { token: TOKEN, password: 'Fresh#pass12' } });
  });
});
