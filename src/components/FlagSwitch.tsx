import { ActiveFlagInput } from './ActiveFlagInput';
import type { YesNo } from '../shared/fields';

/** A Y/N flag as a switch, with the value a new row starts with (a new schedule is in use). */
export function FlagSwitch({ source, label, defaultValue = 'N' }: { source: string; label: string; defaultValue?: YesNo }) {
  return <ActiveFlagInput source={source} label={label} defaultValue={defaultValue} helperText={false} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} />;
}
