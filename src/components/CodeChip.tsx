import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { codeDetails } from './CodeField';

interface CodeChipProps {
  source?: string;
  /** The code to show instead of the record's `source` field (a row outside a record context). */
  code?: string | null;
  /** Message prefix; the code is appended (`resources.users.approval` + `.PENDING`). */
  messages: string;
  colors: Record<string, ChipProps['color']>;
  label?: string;
}

/** A status code as a coloured chip of its words, so pending or inactive accounts stand out in a list; the code is in its details (codeDetails). */
export function CodeChip({ source = '', code: given, messages, colors }: CodeChipProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const code: string | null | undefined = given !== undefined ? given : record?.[source];
  if (!code) return null;
  const color = colors[code] ?? 'default';
  return <Chip size="small" color={color} variant={color === 'default' ? 'outlined' : 'filled'} label={translate(`${messages}.${code}`, { _: code })} {...codeDetails(code)} />;
}
