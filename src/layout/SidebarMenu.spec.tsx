import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderFrame } from '../testing/renderFrame';
import { Sidebar } from './Sidebar';
import { SidebarMenu } from './SidebarMenu';

const PROJECT = ['Project List', 'Manual Upload', 'Data Explorer'];
const SYSTEM_SETTING = ['Terms', 'Allowed Domains', 'Dashboard Templates', 'E-mail Templates', 'Project Properties', 'Alert Mail'];
const COLLECT_DATA = ['Collecting Status', 'Collect Metrics', 'Post Metrics', 'Market Accounts'];
const SYSTEM_LOG = ['System Log'];
const USER_MANAGEMENT = ['Users', 'Access History'];

/** Section heading → its links, as rendered. */
async function visibleSections(rank: number) {
  await renderFrame(
    <Sidebar>
      <SidebarMenu />
    </Sidebar>,
    { rank },
  );
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  return Object.fromEntries(
    within(nav)
      .queryAllByRole('list')
      .filter((list) => list.hasAttribute('aria-labelledby'))
      .map((list) => [
        document.getElementById(list.getAttribute('aria-labelledby')!)!.textContent,
        within(list)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ]),
  );
}

describe('sidebar menu filtered by rank (SPEC §2, §6)', { timeout: 20_000 }, () => {
  it('shows a system-admin (rank 1) every section', async () => {
    expect(await visibleSections(1)).toEqual({
      Project: PROJECT,
      'System Setting': SYSTEM_SETTING,
      'Collect Data Setting': COLLECT_DATA,
      'System Log': SYSTEM_LOG,
      'User Management': USER_MANAGEMENT,
    });
  });

  it('shows a global-admin (rank 2) projects, collect-data settings and user management', async () => {
    expect(await visibleSections(2)).toEqual({ Project: PROJECT, 'Collect Data Setting': COLLECT_DATA, 'User Management': USER_MANAGEMENT });
  });

  it('shows a region-admin (rank 3) projects and user management', async () => {
    expect(await visibleSections(3)).toEqual({ Project: PROJECT, 'User Management': USER_MANAGEMENT });
  });

  it('shows a local-admin (rank 4) projects and user management', async () => {
    expect(await visibleSections(4)).toEqual({ Project: PROJECT, 'User Management': USER_MANAGEMENT });
  });

  it('shows a user (rank 5) the Project section only', async () => {
    expect(await visibleSections(5)).toEqual({ Project: PROJECT });
  });

  it('shows a guest (rank 10) no menu at all', async () => {
    expect(await visibleSections(10)).toEqual({});
    expect(screen.queryAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/']);
  });

  it('never lists the hidden project screens and marks the current screen', async () => {
    await renderFrame(
      <Sidebar>
        <SidebarMenu />
      </Sidebar>,
      { rank: 1, path: '/system/terms' },
    );
    const links = within(screen.getByRole('navigation', { name: 'Main menu' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).not.toEqual(expect.arrayContaining(['/project/create']));
    expect(links.some((link) => /detail|modify/.test(link.getAttribute('href')!))).toBe(false);
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveClass('Mui-selected');
    expect(screen.getByRole('link', { name: 'Users' })).not.toHaveClass('Mui-selected');
  });
});
