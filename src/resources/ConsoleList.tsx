import type { Theme } from '@mui/material';
import { List, type ListProps, type RaRecord } from 'react-admin';
import { FilterSubmit } from '../components/FilterSubmit';
import { ConsolePagination } from './ConsolePagination';
import { csvExporter } from './csvExporter';

/**
 * A list never widens the page. The layout sizes itself to fit its content, so the list's column
 * is contained (its content's width no longer counts) and what is wider scrolls inside it: the
 * tables in their card (ConsoleDataTable), while the toolbar's filters and buttons wrap.
 */
const fitsTheScreen = (theme: Theme) => ({
  '& .RaList-main': { minWidth: 0, contain: 'inline-size' },
  '& .RaList-actions .MuiToolbar-root': { flexWrap: 'wrap' },
  // A phone stacks the toolbar in a column already; wider screens let the buttons go under the filters.
  [theme.breakpoints.up('sm')]: { '& .RaList-actions': { flexWrap: 'wrap' } },
});

/**
 * react-admin's List with the console's formula-safe CSV exporter as its default. react-admin has
 * no app-wide default exporter and its own writes cells as they were typed (a sign-up name such as
 * =cmd|'/C calc'!A0 would run in a spreadsheet), so every list is this one; a list that must not
 * export passes exporter={false}. Its pagination says "about" of a total the server estimated.
 */
export function ConsoleList<RecordType extends RaRecord = RaRecord>({ sx, filters, ...props }: ListProps<RecordType>) {
  const ownSx = sx === undefined ? [] : Array.isArray(sx) ? sx : [sx];
  // Every filter form gets a submit button (FilterSubmit), whichever list it is on.
  const withSubmit = Array.isArray(filters) && filters.length > 0 ? [...filters, <FilterSubmit key="console-filter-submit" source="console-filter-submit" alwaysOn />] : filters;
  return <List<RecordType> exporter={csvExporter} pagination={<ConsolePagination />} sx={[fitsTheScreen, ...ownSx]} filters={withSubmit} {...props} />;
}
