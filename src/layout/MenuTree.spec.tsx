import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { List } from '@mui/material';
import { MenuTree } from './MenuTree';
import { visibleMenuItems, type MenuItem } from './menuModel';
import { currentPath, renderFrame } from '../testing/renderFrame';

function menuWith(command: () => void): MenuItem[] {
  return [
    {
      key: 'project',
      label: 'console.menu.project',
      items: [
        { key: 'list', label: 'console.screens.projectList', to: '/' },
        { key: 'create', label: 'console.screens.projectCreate', to: '/project/create', hidden: true },
        { key: 'manual', label: 'console.screens.manualUpload', to: '/project/manual', disabled: true },
        { key: 'terms', label: 'console.screens.terms', command },
        { key: 'users', label: 'console.screens.users', to: '/user/users', requireRank: 4 },
      ],
    },
    { key: 'log', label: 'console.menu.systemLog', requireRank: 1, items: [{ key: 'log', label: 'console.screens.systemLog', to: '/log/system' }] },
    { key: 'data', label: 'console.menu.collectData', items: [{ key: 'status', label: 'console.screens.collectStatus', to: '/data/collect-status', requireRank: 2 }] },
  ];
}

async function renderMenu(menu: MenuItem[], rank: number) {
  await renderFrame(
    <List>
      <MenuTree items={visibleMenuItems(menu, rank)} variant="full" />
    </List>,
    { rank, path: '/project/manual' },
  );
}

describe('menu tree items', { timeout: 20_000 }, () => {
  it('shows root items as headings, leaves as links, and leaves out hidden items and those above the rank', async () => {
    await renderMenu(menuWith(vi.fn()), 4);
    expect(screen.getByText('Project')).not.toHaveAttribute('href');
    expect(screen.getByRole('link', { name: 'Project List' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/user/users');
    expect(screen.queryByText('Project Create')).not.toBeInTheDocument();
    // A section whose items are all above the rank disappears with them.
    expect(screen.queryByText('System Log')).not.toBeInTheDocument();
    expect(screen.queryByText('Collect Data Setting')).not.toBeInTheDocument();
  });

  it('greys out a disabled item so it cannot be followed', async () => {
    await renderMenu(menuWith(vi.fn()), 5);
    const manual = screen.getByRole('link', { name: 'Manual Upload' });
    expect(manual).toHaveAttribute('aria-disabled', 'true');
    expect(manual).toHaveClass('Mui-disabled');
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('runs the command of a command item without navigating', async () => {
    const command = vi.fn();
    await renderMenu(menuWith(command), 5);
    fireEvent.click(screen.getByRole('button', { name: 'Terms' }));
    expect(command).toHaveBeenCalledTimes(1);
    expect(currentPath()).toBe('/project/manual');
  });
});
