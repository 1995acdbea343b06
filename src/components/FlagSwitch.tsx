import { ActiveFlagInput } from './ActiveFlagInput';

/** A Y/N flag as a switch, with the value a new row starts with (a new schedule is in use). */
export function FlagSwitch({ source, label, defaultValue = 'N' }: { source: string; label: string; defaultValue?: 'Y' | 'N' }) {
  return <ActiveFlagInput source={source} label={label} defaultValue={defaultValue} helperText={false} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} />;
}
