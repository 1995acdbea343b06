import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { declaredMenu } from '../testing/declaredMenu';
import { renderFrame } from '../testing/renderFrame';
import { Sidebar } from './Sidebar';
import { SidebarMenu } from './SidebarMenu';

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

describe('sidebar menu filtered by rank', { timeout: 20_000 }, () => {
  // The sections each rank sees are the rule; their links are the registry's screens.
  it.each([
    [1, ['Project', 'System Setting', 'Collect Data Setting', 'System Log', 'User Management']],
    [2, ['Project', 'Collect Data Setting', 'User Management']],
    [3, ['Project', 'User Management']],
    [4, ['Project', 'User Management']],
    [5, ['Project']],
  ])('shows rank %i the sections %j, each with the screens the registry declares for that rank', async (rank, sections) => {
    const menu = await visibleSections(rank);
    expect(Object.keys(menu)).toEqual(sections);
    expect(menu).toEqual(declaredMenu(rank));
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
