import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent, type ReactNode, type Ref } from 'react';
import { Box, IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useForkRef } from '@mui/material/utils';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { useTranslate } from 'react-admin';
import { DATE_PATTERN_TEXT, DATE_TIME_PATTERN_TEXT, caretAfterDigits, dateTextOf, digitCount, maskDateText, parseDateText } from './dateText';

/** What the person has typed, and the value it stands for (see parseDateText). */
export interface DateEntry {
  text: string;
  /** 'YYYY-MM-DD' or local 'YYYY-MM-DDTHH:mm' when complete and real, null when empty. */
  value: string | null;
  valid: boolean;
}

export interface DateTextFieldProps extends Pick<TextFieldProps, 'id' | 'name' | 'size' | 'margin' | 'variant' | 'fullWidth' | 'disabled' | 'className' | 'sx'> {
  /** The stored value: a day, a local 'YYYY-MM-DDTHH:mm' or an ISO instant; shown as YYYY-MM-DD (HH:mm). */
  value: unknown;
  /** Told of every edit; returns the value now stored, so the field can tell its own edits from outside changes. */
  onEntry: (entry: DateEntry) => unknown;
  withTime?: boolean;
  label: ReactNode;
  /** Shown under the field unless the text is not a date; false reserves no line for it. */
  helperText?: ReactNode | false;
  /** A message from the form (e.g. "Required"), shown when the text itself is fine. */
  error?: ReactNode;
  required?: boolean;
  readOnly?: boolean;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

const canShowPicker = typeof HTMLInputElement !== 'undefined' && 'showPicker' in HTMLInputElement.prototype;

/** Keeps the native picker in place (it opens where its input is) but out of sight and out of the tab order. */
const hiddenPicker = { position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' } as const;
const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * A date (or date and time) typed as YYYY-MM-DD (HH:mm) in every language, rather than the
 * browser's locale order (mm/dd/yyyy in Chrome en-US). Digits are laid into the pattern as they are
 * typed; a text that is not a real date says so once the person leaves the field or has typed
 * every digit. A calendar button opens the browser's own picker where it has one.
 */
export function DateTextField({ value, onEntry, withTime = false, label, helperText, error, required, readOnly, onBlur, inputRef, disabled, id: givenId, ...rest }: DateTextFieldProps) {
  const translate = useTranslate();
  const ownId = useId();
  const id = givenId ?? ownId;
  const [text, setText] = useState(() => dateTextOf(value, withTime));
  const [left, setLeft] = useState(false);
  const shownValue = useRef(value);
  const caret = useRef<number | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const inputRefs = useForkRef(input, inputRef);

  // A value set from outside (a form reset, a filter cleared elsewhere) replaces the text; the value
  // this field reported itself does not, so a half-typed text stays as typed.
  useEffect(() => {
    if (value === shownValue.current) return;
    shownValue.current = value;
    setText(dateTextOf(value, withTime));
    setLeft(false);
  }, [value, withTime]);

  useLayoutEffect(() => {
    if (caret.current === null || input.current !== document.activeElement) return;
    input.current?.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const report = (next: string) => {
    setText(next);
    setLeft(false);
    const parsed = parseDateText(next, withTime);
    shownValue.current = onEntry({ text: next, value: parsed ?? null, valid: parsed !== undefined });
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    let digits = raw.replace(/\D/g, '');
    let digitsBefore = raw.slice(0, event.target.selectionStart ?? raw.length).replace(/\D/g, '').length;
    // Deleting a separator alone would change nothing once it is written back: delete the digit beside it instead.
    const inputType = (event.nativeEvent as InputEvent).inputType;
    if (digits === text.replace(/\D/g, '') && raw.length < text.length) {
      if (inputType === 'deleteContentForward') digits = digits.slice(0, digitsBefore) + digits.slice(digitsBefore + 1);
      else if (digitsBefore > 0) {
        digits = digits.slice(0, digitsBefore - 1) + digits.slice(digitsBefore);
        digitsBefore -= 1;
      }
    }
    const next = maskDateText(digits, withTime);
    caret.current = caretAfterDigits(next, digitsBefore);
    report(next);
  };

  const parsed = parseDateText(text, withTime);
  // A text that is not a date is judged by this field alone, and only once it is finished or left.
  const finished = left || text.replace(/\D/g, '').length === digitCount(withTime);
  const notADateKey = withTime ? 'console.dateInput.notADateTime' : 'console.dateInput.notADate';
  const problem = parsed !== undefined ? error : finished ? translate(notADateKey) : undefined;
  const helper = problem || helperText;
  const hasHelper = helper !== false && helper !== undefined && helper !== null && helper !== '';
  const pattern = withTime ? DATE_TIME_PATTERN_TEXT : DATE_PATTERN_TEXT;
  const hintId = `${id}-format`;
  const calendarLabel = translate('console.dateInput.openCalendar');

  const openPicker = () => {
    try {
      picker.current?.showPicker();
    } catch {
      // A browser that refuses (no user activation, a read-only field) leaves the typed entry, which always works.
    }
  };

  return (
    <TextField
      {...rest}
      id={id}
      label={label}
      required={required}
      disabled={disabled}
      value={text}
      onChange={handleChange}
      onBlur={() => {
        setLeft(true);
        onBlur?.();
      }}
      inputRef={inputRefs}
      placeholder={pattern}
      error={Boolean(problem)}
      helperText={hasHelper ? helper : undefined}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          inputMode: 'numeric',
          autoComplete: 'off',
          readOnly,
          'aria-invalid': Boolean(problem),
          'aria-describedby': hasHelper ? `${hintId} ${id}-helper-text` : hintId,
        },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <Box component="span" id={hintId} sx={visuallyHidden}>
                {translate('console.dateInput.format', { pattern })}
              </Box>
              {canShowPicker && !readOnly && (
                <>
                  <IconButton size="small" edge="end" aria-label={calendarLabel} title={calendarLabel} onClick={openPicker} disabled={disabled}>
                    <CalendarMonthIcon fontSize="small" />
                  </IconButton>
                  <input
                    ref={picker}
                    type={withTime ? 'datetime-local' : 'date'}
                    tabIndex={-1}
                    aria-hidden="true"
                    aria-label={calendarLabel}
                    value={parsed ?? ''}
                    onChange={(event) => report(dateTextOf(event.target.value, withTime))}
                    style={hiddenPicker}
                  />
                </>
              )}
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
