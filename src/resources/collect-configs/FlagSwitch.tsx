import { BooleanInput } from 'react-admin';

/** A Y/N flag as a switch, with the value a new row starts with (a new schedule is in use). */
export function FlagSwitch({ source, label, defaultValue = 'N' }: { source: string; label: string; defaultValue?: 'Y' | 'N' }) {
  return <BooleanInput source={source} label={label} defaultValue={defaultValue} format={(value: unknown) => value === 'Y'} parse={(checked: boolean) => (checked ? 'Y' : 'N')} helperText={false} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} />;
}
