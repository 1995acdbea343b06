import { SearchInput, useTranslate, type SearchInputProps } from 'react-admin';

/**
 * react-admin's SearchInput named for assistive technology: its own has only a placeholder, which
 * is not a name (WCAG 4.1.2). Every list's search is this one (an ESLint rule keeps it so).
 */
export function ConsoleSearchInput(props: SearchInputProps) {
  const translate = useTranslate();
  return <SearchInput {...props} slotProps={{ htmlInput: { 'aria-label': translate('ra.action.search') } }} />;
}
