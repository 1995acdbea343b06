import { Typography } from '@mui/material';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';

/** A day with no time ("2026-12-05") names that calendar day everywhere; reading it as a UTC instant would shift it west of Greenwich. */
const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * SPEC §9: YYYY-MM-DD, or YYYY-MM-DD HH:mm with a time, in the browser's time zone, the same in
 * every language. Returns '' for a missing or unreadable value.
 */
export function formatConsoleDate(value: unknown, showTime = false): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && PLAIN_DAY.test(value)) return value;
  const at = value instanceof Date ? value : new Date(value as string | number);
  if (Number.isNaN(at.getTime())) return '';
  const day = `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}`;
  return showTime ? `${day} ${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}` : day;
}

interface ConsoleDateFieldProps extends FieldProps {
  showTime?: boolean;
  /** Shown when there is no date; a translation key or plain text. */
  emptyText?: string;
}

/** The console's one date (and date-time) field; kept on one line so a table never wraps a date mid-value. */
export function ConsoleDateField({ source, showTime = false, emptyText = '', record }: ConsoleDateFieldProps) {
  const translate = useTranslate();
  const value = useFieldValue({ source, record });
  const text = formatConsoleDate(value, showTime);
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {text || (emptyText && translate(emptyText, { _: emptyText }))}
    </Typography>
  );
}
