import { BooleanInput } from 'react-admin';

/** A Y/N flag edited as a switch. */
export function ActiveFlagInput({ source = 'activeFlag', label }: { source?: string; label?: string }) {
  return <BooleanInput source={source} label={label} format={(value: unknown) => value === 'Y'} parse={(checked: boolean) => (checked ? 'Y' : 'N')} />;
}
