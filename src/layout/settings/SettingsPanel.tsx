import { useEffect, useId, useRef, useState } from 'react';
import { Backdrop, Box, Divider, Drawer, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { PRIMARY_COLORS, SURFACES, TOPBAR_THEMES, useLayoutSettings } from '../../theme/layoutSettings';
import { topbarThemeColors } from '../../theme/menuThemes';
import { usePageDarkClass } from '../../theme/pageDarkClass';
import { PRIMARY_PALETTES, SURFACE_PALETTES } from '../../theme/palettes';
import { useLayoutState } from '../LayoutStateContext';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { ColorSwatches } from './ColorSwatches';
import { LanguageChoice } from './LanguageChoice';
import { MenuThemeChoice } from './MenuThemeChoice';
import { MenuTypeChoice } from './MenuTypeChoice';
import { SettingsSection } from './SettingsSection';

/** The right-side Settings panel: every choice is stored at once and restyles the app. */
export function SettingsPanel() {
  const translate = useTranslate();
  const titleId = useId();
  const [settings, change] = useLayoutSettings();
  const { state, dispatch } = useLayoutState();
  // The panel is drawn once it is first asked for, not with every screen: closed, its sections were a
  // good part of the first signed-in screen's rendering. Mounted closed first, then opened,
  // so it slides in as it always did and its close button exists when it takes the focus.
  const [asked, setAsked] = useState(state.configSidebarVisible);
  if (state.configSidebarVisible && !asked) setAsked(true);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (asked) setDrawn(true);
  }, [asked]);
  const visible = state.configSidebarVisible && drawn;
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  usePageDarkClass(settings.darkTheme);

  // Keyboard users land in the panel and return to where they were (the cog) when it closes.
  useEffect(() => {
    if (!visible) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    const aside = panel.current;
    return () => {
      if (aside?.contains(document.activeElement)) opener?.focus();
    };
  }, [visible]);

  useEffect(() => {
    if (!visible) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch({ type: 'closeConfigPanel' });
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [visible, dispatch]);

  return (
    <>
      {/* An invisible layer over the page while the panel is open: a click outside closes the panel and
          goes no further, so it cannot also press the row or button beneath it. */}
      <Backdrop invisible open={visible} data-testid="settings-backdrop" onClick={() => dispatch({ type: 'closeConfigPanel' })} sx={{ zIndex: (theme) => theme.zIndex.drawer - 1 }} />
      {asked && (
        <Drawer variant="persistent" anchor="right" open={visible} slotProps={{ paper: { sx: { width: 'min(22rem, 100vw)', boxShadow: 8 } } }}>
          <Box ref={panel} component="aside" aria-labelledby={titleId} sx={{ minHeight: '100%', p: 2.5 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography id={titleId} component="h2" variant="h6">
                {translate('console.settings.title')}
              </Typography>
              <IconButton ref={closeButton} aria-label={translate('console.settings.close')} onClick={() => dispatch({ type: 'closeConfigPanel' })}>
                <CloseIcon />
              </IconButton>
            </Stack>
            <Stack spacing={2.5} divider={<Divider flexItem />}>
              <SettingsSection titleKey="console.settings.primary">
                <ColorSwatches
                  label={translate('console.settings.primary')}
                  names={PRIMARY_COLORS}
                  selected={settings.primary}
                  colorOf={(name) => (name === 'noir' ? PRIMARY_PALETTES.noir[settings.darkTheme ? 50 : 900] : PRIMARY_PALETTES[name][500])}
                  onChoose={(primary) => change({ primary })}
                />
              </SettingsSection>
              <SettingsSection titleKey="console.settings.surface">
                <ColorSwatches
                  label={translate('console.settings.surface')}
                  names={SURFACES}
                  selected={settings.surface}
                  colorOf={(name) => SURFACE_PALETTES[name][500]}
                  onChoose={(surface) => change({ surface })}
                />
              </SettingsSection>
              <SettingsSection titleKey="console.settings.colorScheme">
                <ColorSchemeToggle />
              </SettingsSection>
              <SettingsSection titleKey="console.settings.menuType">
                <MenuTypeChoice />
              </SettingsSection>
              <SettingsSection titleKey="console.settings.menuThemes">
                <MenuThemeChoice />
              </SettingsSection>
              <SettingsSection titleKey="console.settings.topbarThemes">
                <ColorSwatches
                  label={translate('console.settings.topbarThemes')}
                  names={TOPBAR_THEMES}
                  selected={settings.topbarTheme}
                  colorOf={(name) => topbarThemeColors(name).background}
                  onChoose={(topbarTheme) => change({ topbarTheme })}
                />
              </SettingsSection>
              <SettingsSection titleKey="console.settings.language">
                <LanguageChoice />
              </SettingsSection>
            </Stack>
          </Box>
        </Drawer>
      )}
    </>
  );
}
