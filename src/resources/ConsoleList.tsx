import { List, type ListProps, type RaRecord } from 'react-admin';
import { csvExporter } from './csvExporter';

/**
 * react-admin's List with the console's formula-safe CSV exporter as its default. react-admin has
 * no app-wide default exporter and its own writes cells as they were typed (a sign-up name such as
 * =cmd|'/C calc'!A0 would run in a spreadsheet), so every list is this one; a list that must not
 * export passes exporter={false}.
 */
export function ConsoleList<RecordType extends RaRecord = RaRecord>(props: ListProps<RecordType>) {
  return <List<RecordType> exporter={csvExporter} {...props} />;
}
