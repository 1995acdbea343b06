import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope, stubFetch } from '../testing/fetchStub';
import type { MenuMode } from '../theme/layoutSettings';
import { currentPath, layoutState, renderFrame } from '../testing/renderFrame';
import { Sidebar } from './Sidebar';
import { SidebarMenu } from './SidebarMenu';
import { TopBar } from './TopBar';
import domains from '../resources/domains';

afterEach(() => {
  window.innerWidth = 1024;
});

async function renderTopBar(menuMode: MenuMode, viewportWidth: number, route: { path?: string; navigationState?: unknown } = {}) {
  await renderFrame(
    <>
      <TopBar />
      <Sidebar>
        <SidebarMenu />
      </Sidebar>
    </>,
    { settings: { menuMode }, viewportWidth, ...route },
  );
}

const toggleMenu = () => fireEvent.click(screen.getByRole('button', { name: 'Toggle menu' }));
const drawer = () => screen.queryByRole('dialog', { name: 'Sidebar' });

describe('top bar menu toggle', { timeout: 20_000 }, () => {
  it('flips the overlay menu in overlay mode, whatever the width', async () => {
    await renderTopBar('overlay', 1440);
    expect(drawer()).not.toBeInTheDocument();
    toggleMenu();
    expect(layoutState()).toMatchObject({ overlayMenuActive: true, staticMenuDesktopInactive: false, staticMenuMobileActive: false });
    expect(drawer()).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Terms' }));
    expect(currentPath()).toBe('/system/terms');
    expect(layoutState().overlayMenuActive).toBe(false);
    await waitFor(() => expect(drawer()).not.toBeInTheDocument());
  });

  it('flips the desktop static menu above 991 px', async () => {
    await renderTopBar('static', 992);
    toggleMenu();
    expect(layoutState()).toMatchObject({ staticMenuDesktopInactive: true, staticMenuMobileActive: false, overlayMenuActive: false });
    toggleMenu();
    expect(layoutState().staticMenuDesktopInactive).toBe(false);
  });

  it('opens the mobile drawer at 991 px and below, closed again from its backdrop', async () => {
    await renderTopBar('static', 991);
    expect(drawer()).not.toBeInTheDocument();
    toggleMenu();
    expect(layoutState()).toMatchObject({ staticMenuMobileActive: true, staticMenuDesktopInactive: false });
    expect(drawer()).toBeInTheDocument();
    fireEvent.click(document.querySelector('.MuiBackdrop-root')!);
    expect(layoutState().staticMenuMobileActive).toBe(false);
  });

  it('uses the drawer on a phone in every mode, horizontal included', async () => {
    await renderTopBar('horizontal', 390);
    expect(screen.queryByRole('button', { name: 'System Setting' })).not.toBeInTheDocument();
    toggleMenu();
    expect(drawer()).toBeInTheDocument();
  });

  it('offers no toggle where a desktop menu is always shown', async () => {
    await renderTopBar('slim', 1440);
    expect(screen.queryByRole('button', { name: 'Toggle menu' })).not.toBeInTheDocument();
  });
});

describe('top bar contents', { timeout: 20_000 }, () => {
  it('links the logo to the site root and titles the screen from the route table', async () => {
    await renderTopBar('overlay', 1440, { path: domains.listPath });
    expect(screen.getAllByRole('link', { name: 'Campaign Console' })[0]).toHaveAttribute('href', '/');
    expect(screen.getByRole('banner')).toHaveTextContent('Allowed Domains');
  });

  it('titles the project detail screen with the project name from navigation state', async () => {
    await renderTopBar('static', 1440, { path: '/project/detail/42', navigationState: { projectName: 'Spring Sale 2025' } });
    expect(screen.getByRole('banner')).toHaveTextContent('Spring Sale 2025');
  });

  it('falls back to the screen title on project detail without a project name', async () => {
    await renderTopBar('static', 1440, { path: '/project/detail/42' });
    expect(screen.getByRole('banner')).toHaveTextContent('Project Detail');
  });

  it('opens and closes the settings panel from the cog', async () => {
    await renderTopBar('static', 1440);
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(layoutState().configSidebarVisible).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(layoutState().configSidebarVisible).toBe(false);
  });

  it('offers Profile and Logout in the user popover; Logout signs out and goes to sign-in', async () => {
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS') }));
    await renderTopBar('static', 1440);
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Logout']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(currentPath()).toBe('/sign-in'));
    // The popover also asked for the person's profile, to show their name.
    expect(calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${new URL(call.url, 'http://x').pathname}`)).toEqual(['POST /api/auth/signout']);
    expect(document.cookie).not.toContain('accessToken');
  });

  it('names the signed-in person in the user popover', async () => {
    stubFetch(({ url }) => ({ body: envelope('SUCCESS', url.endsWith('/system/profile/7') ? { email: 'admin@example.com', firstName: 'Dana', lastName: 'Kim' } : null) }));
    await renderTopBar('static', 1440);
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    const person = await screen.findByRole('group', { name: 'Signed in as' });
    await waitFor(() => expect(person).toHaveTextContent('Dana Kim'));
    expect(person).toHaveTextContent('admin@example.com');
  });

  it('shows the logo in the top bar beside a docked sidebar too', async () => {
    await renderTopBar('static', 1440);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Campaign Console' })).toHaveAttribute('href', '/');
    expect(within(screen.getByRole('complementary', { name: 'Sidebar' })).getByRole('link', { name: 'Campaign Console' })).toBeInTheDocument();
  });

  it('titles an address no screen answers as not found', async () => {
    await renderTopBar('static', 1440, { path: '/no/such/screen' });
    expect(screen.getByRole('banner')).toHaveTextContent('Page not found');
    expect(screen.getByRole('banner')).not.toHaveTextContent('Campaign Console');
  });
});
