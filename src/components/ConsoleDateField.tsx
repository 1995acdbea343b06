import { Typography } from '@mui/material';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';
import { formatDate, formatDateTime, runtimeTimeZone } from '../shared/date-time';

/**
 * The console's one date format: YYYY-MM-DD, or YYYY-MM-DD HH:mm with a time, in the browser's time zone, the same in
 * every language; the shared formatter the server's mails and exports use too. Returns '' for a
 * missing or unreadable value.
 */
export function formatConsoleDate(value: unknown, showTime = false): string {
  const zone = runtimeTimeZone();
  return showTime ? formatDateTime(value, zone) : formatDate(value, zone);
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
