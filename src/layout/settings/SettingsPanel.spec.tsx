import { useMemo, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import { AdminContext, TestMemoryRouter, memoryStore, type Store } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider';
import { buildTheme } from '../../theme/buildTheme';
import { DEFAULT_LAYOUT_SETTINGS, LAYOUT_SETTINGS_KEY, useLayoutSettings, type LayoutSettings } from '../../theme/layoutSettings';
import { PRIMARY_PALETTES } from '../../theme/palettes';
import { LayoutStateProvider, useLayoutState } from '../LayoutStateContext';
import { SettingsPanel } from './SettingsPanel';

afterEach(cleanup);
// jsdom's getComputedStyle walks every MUI style rule, so queries avoid it: role queries skip the
// visibility check (the closed-panel check asks for it) and named controls are found by their labels.
configure({ defaultHidden: true });

/** Stands in for the top bar's cog button and shows the frame's runtime flags. */
function FrameProbe() {
  const { state, dispatch } = useLayoutState();
  return (
    <>
      <button onClick={() => dispatch({ type: 'toggleConfigPanel' })}>cog</button>
      <button onClick={() => dispatch({ type: 'toggleMenu', menuMode: 'static', viewportWidth: 1440 })}>menu toggle</button>
      <output data-testid="panel-visible">{String(state.configSidebarVisible)}</output>
      <output data-testid="static-inactive">{String(state.staticMenuDesktopInactive)}</output>
    </>
  );
}

/** Applies the stored settings the way the app does, so the test can read the resulting theme. */
function ThemedByStoredSettings({ children }: { children: ReactNode }) {
  const [{ primary, surface, darkTheme }] = useLayoutSettings();
  const theme = useMemo(() => buildTheme({ ...DEFAULT_LAYOUT_SETTINGS, primary, surface, darkTheme }), [primary, surface, darkTheme]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

function ThemeProbe() {
  const theme = useTheme();
  return <output data-testid="theme">{`${theme.palette.mode} ${theme.palette.primary.main}`}</output>;
}

let store: Store;
const stored = () => store.getItem(LAYOUT_SETTINGS_KEY) as LayoutSettings;

async function renderPanel(initial: Partial<LayoutSettings> = {}) {
  store = memoryStore({ [LAYOUT_SETTINGS_KEY]: { ...DEFAULT_LAYOUT_SETTINGS, ...initial } });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <TestMemoryRouter>
      <AdminContext store={store} i18nProvider={i18nProvider}>
        <LayoutStateProvider>
          <ThemedByStoredSettings>
            <FrameProbe />
            <ThemeProbe />
            <p>page content</p>
            <SettingsPanel />
          </ThemedByStoredSettings>
        </LayoutStateProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  await user.click(await screen.findByText('cog'));
  const panel = await screen.findByRole('complementary', { name: 'Settings', hidden: false });
  return { user, panel, section: (name: string) => within(within(panel).getByRole('group', { name })) };
}

beforeEach(() => document.documentElement.classList.remove('dark'));

// MUI's styles make each render slow in jsdom, more so on a shared machine.
describe('SettingsPanel', { timeout: 60_000 }, () => {
  it('opens from the cog button, titled Settings, with every section', async () => {
    const { panel } = await renderPanel();
    for (const title of ['Primary', 'Surface', 'Color Scheme', 'Menu Type', 'Menu Themes', 'Topbar Themes', 'Language']) {
      expect(within(panel).getByRole('group', { name: title })).toBeInTheDocument();
    }
  });

  it('stores the chosen primary colour and restyles the theme at once', async () => {
    const { user, section } = await renderPanel();
    const primary = within(section('Primary').getByRole('radiogroup', { name: 'Primary' }));
    expect(primary.getAllByRole('radio')).toHaveLength(17);
    expect(primary.getByRole('radio', { name: 'teal' })).toHaveAttribute('aria-checked', 'true');
    await user.click(primary.getByRole('radio', { name: 'violet' }));
    expect(stored().primary).toBe('violet');
    expect(primary.getByRole('radio', { name: 'violet' })).toHaveAttribute('aria-checked', 'true');
    expect(primary.getByRole('radio', { name: 'teal' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByTestId('theme')).toHaveTextContent(`light ${PRIMARY_PALETTES.violet[600]}`);
  });

  it('moves a swatch choice with the arrow keys, Tab reaching only the chosen swatch (radio group pattern)', async () => {
    const { user, section } = await renderPanel({ topbarTheme: 'white' });
    const topbar = within(section('Topbar Themes').getByRole('radiogroup', { name: 'Topbar Themes' }));
    const swatch = (name: string) => topbar.getByRole('radio', { name });
    expect(topbar.getAllByRole('radio').filter((radio) => radio.tabIndex === 0)).toEqual([swatch('white')]);
    swatch('white').focus();
    await user.keyboard('{ArrowRight}');
    expect(stored().topbarTheme).toBe('blue');
    expect(swatch('blue')).toHaveFocus();
    expect(swatch('blue')).toHaveAttribute('tabindex', '0');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(stored().topbarTheme).toBe('dark');
    await user.keyboard('{End}');
    expect(stored().topbarTheme).toBe('skyblue');
    await user.keyboard('{ArrowDown}');
    expect(stored().topbarTheme).toBe('lightblue');
    expect(swatch('lightblue')).toHaveFocus();
  });

  it('stores the surface, the menu theme and the topbar theme', async () => {
    const { user, section } = await renderPanel();
    expect(section('Surface').getAllByRole('radio')).toHaveLength(8);
    await user.click(section('Surface').getByRole('radio', { name: 'ocean' }));
    expect(stored().surface).toBe('ocean');
    expect(section('Menu Themes').getByRole('radiogroup', { name: 'Menu Themes' })).toBeInTheDocument();
    expect(section('Menu Themes').getAllByRole('radio')).toHaveLength(12);
    await user.click(section('Menu Themes').getByRole('radio', { name: 'deeppurple' }));
    expect(stored().menuTheme).toBe('deeppurple');
    expect(section('Topbar Themes').getAllByRole('radio')).toHaveLength(21);
    await user.click(section('Topbar Themes').getByRole('radio', { name: 'white' }));
    expect(stored()).toMatchObject({ surface: 'ocean', menuTheme: 'deeppurple', topbarTheme: 'white' });
  });

  it('switches to dark: stored, menu theme dark, page class, and Light/Dark cannot be unselected', async () => {
    const { user, section } = await renderPanel({ menuTheme: 'teal' });
    const scheme = section('Color Scheme');
    await user.click(scheme.getByRole('button', { name: 'Light' }));
    expect(scheme.getByRole('button', { name: 'Light' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(scheme.getByRole('button', { name: 'Dark' }));
    expect(stored()).toMatchObject({ darkTheme: true, menuTheme: 'dark' });
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByTestId('theme')).toHaveTextContent(/^dark /);
    await user.click(scheme.getByRole('button', { name: 'Dark' }));
    expect(scheme.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');
    expect(stored().darkTheme).toBe(true);
    await user.click(scheme.getByRole('button', { name: 'Light' }));
    expect(stored()).toMatchObject({ darkTheme: false, menuTheme: 'light' });
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('shows the specification’s sentence instead of the menu themes in dark mode', async () => {
    const { section } = await renderPanel({ darkTheme: true, menuTheme: 'dark' });
    const menuThemes = section('Menu Themes');
    expect(menuThemes.queryAllByRole('radio')).toHaveLength(0);
    expect(menuThemes.getByText('Menu themes are only available in light mode by design as large surfaces can emit too much brightness in dark mode.')).toBeInTheDocument();
    // The stored setting also sets the page class after a reload.
    expect(document.documentElement).toHaveClass('dark');
  });

  it('runs the switch inside a view transition where the browser has one', async () => {
    const startViewTransition = vi.fn((update: () => void) => update());
    Object.defineProperty(document, 'startViewTransition', { value: startViewTransition, configurable: true });
    try {
      const { user, section } = await renderPanel();
      await user.click(section('Color Scheme').getByRole('button', { name: 'Dark' }));
      expect(startViewTransition).toHaveBeenCalledOnce();
      expect(stored().darkTheme).toBe(true);
    } finally {
      delete (document as { startViewTransition?: unknown }).startViewTransition;
    }
  });

  it('stores every menu type and re-activates the desktop static menu on Static', async () => {
    const { user, section } = await renderPanel({ menuMode: 'overlay' });
    const menuType = section('Menu Type');
    for (const [label, mode] of [
      ['Slim', 'slim'],
      ['Slim+', 'slim-plus'],
      ['Horizontal', 'horizontal'],
      ['Overlay', 'overlay'],
    ] as const) {
      await user.click(menuType.getByLabelText(label));
      expect(stored().menuMode).toBe(mode);
    }
    await user.click(menuType.getByLabelText('Static'));
    expect(stored().menuMode).toBe('static');
    expect(screen.getByTestId('static-inactive')).toHaveTextContent('false');
  });

  it('closes on a click outside it, but not on a click inside', async () => {
    const { user, panel } = await renderPanel();
    await user.click(within(panel).getByRole('group', { name: 'Surface' }));
    expect(screen.getByTestId('panel-visible')).toHaveTextContent('true');
    // jsdom does no hit-testing, so the click goes to the layer the browser would hand it to.
    await user.click(screen.getByTestId('settings-backdrop'));
    expect(screen.getByTestId('panel-visible')).toHaveTextContent('false');
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Settings', hidden: false })).not.toBeInTheDocument());
  });

  it('lets the cog button toggle it closed rather than reopening it', async () => {
    const { user } = await renderPanel();
    await user.click(screen.getByText('cog'));
    expect(screen.getByTestId('panel-visible')).toHaveTextContent('false');
  });

  it('closes from its close button and on Escape, handing focus back to the cog', async () => {
    const { user, panel } = await renderPanel();
    expect(within(panel).getByLabelText('Close settings')).toHaveFocus();
    await user.click(within(panel).getByLabelText('Close settings'));
    expect(screen.getByTestId('panel-visible')).toHaveTextContent('false');
    expect(screen.getByText('cog')).toHaveFocus();
    await user.click(screen.getByText('cog'));
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('panel-visible')).toHaveTextContent('false');
    expect(screen.getByText('cog')).toHaveFocus();
  });

  it('switches the language to Korean and keeps it in the store', async () => {
    const { user, section } = await renderPanel();
    await user.click(section('Language').getByRole('button', { name: '한국어' }));
    expect(store.getItem('locale')).toBe('ko');
    // Once the Korean catalogue has loaded, react-admin draws its tree anew, which closes the panel;
    // opened again, its sections read in Korean.
    await waitFor(() => expect(screen.queryByText('Primary')).toBeNull(), { timeout: 10_000 });
    if (screen.getByTestId('panel-visible').textContent !== 'true') await user.click(screen.getByText('cog'));
    expect(await screen.findByText('기본 색상')).toBeInTheDocument();
  });
});
