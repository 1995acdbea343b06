import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { AuthProvider } from 'react-admin';
import { renderPage } from '../../testing/renderPage';
import { ProjectEmpty } from './ProjectEmpty';

/** An auth provider answering the live flags, as GET /api/auth/permissions would after a grant. */
const withCreator = (creator: boolean): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ rank: 5, level: 'user', authorities: [], uploader: false, creator, approver: false }),
});

describe('ProjectEmpty', () => {
  it('invites a creator by the live permissions, not the token read at sign-in', async () => {
    renderPage(<ProjectEmpty />, { authProvider: withCreator(true) });
    expect(await screen.findByRole('link', { name: 'New project' })).toBeInTheDocument();
  });

  it('offers nothing to create once the flag is revoked', async () => {
    renderPage(<ProjectEmpty />, { authProvider: withCreator(false) });
    expect(await screen.findByText('Projects shared with you will appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New project' })).not.toBeInTheDocument();
  });
});
