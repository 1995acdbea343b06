import { BooleanInput, type BooleanInputProps } from 'react-admin';

/** A Y/N flag edited as a switch. */
export function ActiveFlagInput({ source = 'activeFlag', ...rest }: Omit<BooleanInputProps, 'source' | 'format' | 'parse'> & { source?: string }) {
  return <BooleanInput source={source} {...rest} format={(value: unknown) => value === 'Y'} parse={(checked: boolean) => (checked ? 'Y' : 'N')} />;
}
