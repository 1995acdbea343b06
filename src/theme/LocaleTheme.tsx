import { useMemo, type ReactNode } from 'react';
import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import { koKR } from '@mui/material/locale';
import { useLocaleState } from 'react-admin';

/**
 * MUI's own words (pagination's "Go to next page", an autocomplete's "Open", an alert's "Close") in
 * the console's language: the theme takes MUI's Korean locale while Korean is chosen, so every MUI
 * component below says them in Korean without each screen passing labels.
 */
export function LocaleTheme({ children }: { children: ReactNode }) {
  const [locale] = useLocaleState();
  const outer = useTheme();
  const theme = useMemo(() => (locale === 'ko' ? createTheme(outer, koKR) : outer), [outer, locale]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
