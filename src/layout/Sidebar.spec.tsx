import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { SIDEBAR_CLOSE_DELAY_MS } from '../shared';
import type { LayoutSettings } from '../theme/layoutSettings';
import { layoutState, renderFrame } from '../testing/renderFrame';
import { Sidebar } from './Sidebar';
import { SidebarMenu } from './SidebarMenu';
import { TopBar } from './TopBar';

afterEach(() => vi.useRealTimers());

async function renderCollapsedStaticSidebar() {
  await renderSidebar({ menuMode: 'static' });
  fireEvent.click(screen.getByRole('button', { name: 'Toggle menu' }));
  expect(layoutState().staticMenuDesktopInactive).toBe(true);
  // Timers are faked only now: Testing Library's waitFor needs real ones while permissions settle.
  vi.useFakeTimers();
}

async function renderSidebar(settings: Partial<LayoutSettings>, viewportWidth = 1440) {
  await renderFrame(
    <>
      <TopBar />
      <Sidebar>
        <SidebarMenu />
      </Sidebar>
    </>,
    { settings, viewportWidth },
  );
}

const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });
/** The wide sidebar shows labels and the pin; the rail shows icons only. */
const isWide = () => screen.queryByRole('button', { name: 'Pin the menu open' }) !== null;
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('sidebar in each menu mode', { timeout: 20_000 }, () => {
  it('shows a collapsed static sidebar as an icon rail with each label as its name', async () => {
    await renderCollapsedStaticSidebar();
    expect(isWide()).toBe(false);
    expect(screen.getByRole('link', { name: 'Terms' })).not.toHaveTextContent('Terms');
  });

  it('opens on hover and closes 300 ms after the pointer leaves', async () => {
    await renderCollapsedStaticSidebar();
    fireEvent.mouseEnter(sidebar());
    expect(isWide()).toBe(true);
    expect(layoutState().sidebarActive).toBe(true);

    fireEvent.mouseLeave(sidebar());
    advance(SIDEBAR_CLOSE_DELAY_MS - 1);
    expect(isWide()).toBe(true);
    advance(1);
    expect(isWide()).toBe(false);
    expect(layoutState().sidebarActive).toBe(false);
  });

  it('stays open when the pointer comes back before the delay ends', async () => {
    await renderCollapsedStaticSidebar();
    fireEvent.mouseEnter(sidebar());
    fireEvent.mouseLeave(sidebar());
    advance(200);
    fireEvent.mouseEnter(sidebar());
    advance(1000);
    expect(isWide()).toBe(true);
  });

  it('stays open after the pointer leaves while anchored, and closes again once unpinned', async () => {
    await renderCollapsedStaticSidebar();
    fireEvent.mouseEnter(sidebar());
    fireEvent.click(screen.getByRole('button', { name: 'Pin the menu open' }));
    expect(screen.getByRole('button', { name: 'Pin the menu open' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.mouseLeave(sidebar());
    advance(5000);
    expect(isWide()).toBe(true);

    fireEvent.mouseEnter(sidebar());
    fireEvent.click(screen.getByRole('button', { name: 'Pin the menu open' }));
    fireEvent.mouseLeave(sidebar());
    advance(SIDEBAR_CLOSE_DELAY_MS);
    expect(isWide()).toBe(false);
  });

  it('does not react to hover while the static sidebar is expanded', async () => {
    await renderSidebar({ menuMode: 'static' });
    fireEvent.mouseEnter(sidebar());
    expect(layoutState().sidebarActive).toBe(false);
    expect(isWide()).toBe(true);
  });

  it('shows slim mode as icons with the label on hover', async () => {
    await renderSidebar({ menuMode: 'slim' });
    fireEvent.mouseEnter(sidebar());
    expect(isWide()).toBe(false);
    const terms = screen.getByRole('link', { name: 'Terms' });
    expect(terms).not.toHaveTextContent('Terms');
    fireEvent.mouseOver(terms);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Terms');
  });

  it('shows slim-plus mode as icons over small labels', async () => {
    await renderSidebar({ menuMode: 'slim-plus' });
    expect(isWide()).toBe(false);
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveTextContent('Terms');
  });

  it('has no sidebar in horizontal mode on a desktop: the menu runs under the top bar', async () => {
    await renderSidebar({ menuMode: 'horizontal' });
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'System Setting' }));
    expect(await screen.findByRole('menuitem', { name: 'Alert Mail' })).toHaveAttribute('href', '/system/alert-mail');
  });

  it('offers no pin in the mobile drawer, which closes on its own', async () => {
    await renderSidebar({ menuMode: 'static' }, 390);
    fireEvent.click(screen.getByRole('button', { name: 'Toggle menu' }));
    expect(screen.getByRole('dialog', { name: 'Sidebar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pin the menu open' })).not.toBeInTheDocument();
  });
});
