import { NumberInput, TextInput } from 'react-admin';
import { ConsoleDateInput } from '../../components/ConsoleDateInput';
import type { ExplorerColumn } from '../../shared';

/**
 * One filter per column, typed as the server reads it: a NUMBER column takes a number, a DATE
 * column a day typed as YYYY-MM-DD in every language, other columns a part of the text. The first column's filter is always shown.
 */
export function columnFilters(columns: ExplorerColumn[]) {
  return columns.map((column, index) => {
    const props = { key: column.name, source: column.name, label: column.name, alwaysOn: index === 0 };
    if (column.type === 'NUMBER') return <NumberInput {...props} />;
    if (column.type === 'DATE') return <ConsoleDateInput {...props} filter />;
    return <TextInput {...props} />;
  });
}
