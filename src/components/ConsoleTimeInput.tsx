import { TextInput, type TextInputProps } from 'react-admin';

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * Lays what is typed into HH:mm: "0630" and "06:30" read as 06:30, and "6:30" too once both
 * minute digits are there. Anything that is not a digit or the colon is dropped.
 */
export function maskTime(text: string): string {
  const [hours, ...minutes] = text.split(':');
  if (minutes.length === 0) {
    const digits = digitsOf(hours).slice(0, 4);
    return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
  }
  const hour = digitsOf(hours).slice(0, 2);
  const minute = digitsOf(minutes.join('')).slice(0, 2);
  return `${hour.length === 1 && minute.length === 2 ? `0${hour}` : hour}:${minute}`;
}

/**
 * A time of day typed as HH:mm on a 24-hour clock in every language (a native time input shows
 * "06:00 AM" in an en-US browser). Stores the text; the form's schema refuses one that is not a time.
 */
export function ConsoleTimeInput({ helperText = 'console.dateInput.timeFormat', ...props }: TextInputProps) {
  return <TextInput {...props} helperText={helperText} parse={maskTime} placeholder="HH:mm" inputProps={{ inputMode: 'numeric', autoComplete: 'off', maxLength: 5 }} />;
}
