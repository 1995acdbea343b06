import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useLocales, useLocaleState } from 'react-admin';

/** The i18nProvider's languages, each under its own name; react-admin's store keeps the choice. */
export function LanguageChoice() {
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      fullWidth
      sx={{ '& .MuiToggleButton-root': { textTransform: 'none' } }}
      value={locale}
      onChange={(_, chosen: string | null) => {
        if (chosen) setLocale(chosen);
      }}
    >
      {locales.map(({ locale: value, name }) => (
        <ToggleButton key={value} value={value} lang={value}>
          {name}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
