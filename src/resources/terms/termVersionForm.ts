import { EFFECTIVE_AT_TOLERANCE_MS, formatDateTime, runtimeTimeZone, toIsoInstant } from '../../shared';
import { msg } from '../../shared/validation-messages';
import { translatableMessage } from '../../i18n/validationMessage';
import { zodValidator } from '../zodForm';
import { z, type ZodType } from 'zod';

/** The datetime-local input's "yyyy-MM-ddThh:mm" for an instant, in the browser's time zone. */
export function localInputValue(at: Date): string {
  return formatDateTime(at, runtimeTimeZone()).replace(' ', 'T');
}

/** What the date input stores (a local minute) or the server sent (an instant with its offset). */
const LOCAL_MINUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const INSTANT = z.iso.datetime({ offset: true });

/** The form field holding when the form was opened (Date.now()); never sent. */
const OPENED_AT = 'openedAt';

/**
 * The instant the server gets. The input has minutes only, so a time from the minute the form was
 * opened (or, without that, the last minute) up to now means "now" and is sent as the present
 * instant: the "now" a form is opened with stays valid while the form is being filled, not only
 * until the end of its minute. Anything else, such as a half-typed "2026-12-05 10:3" that Date
 * would read as 10:03, is passed on as typed for the schema to refuse.
 */
export function effectiveInstant(value: unknown, openedAt?: unknown): unknown {
  if (typeof value !== 'string' || !(LOCAL_MINUTE.test(value) || INSTANT.safeParse(value).success)) return value;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const now = Date.now();
  const earliestNow = typeof openedAt === 'number' ? Math.min(now - 60_000, openedAt - (openedAt % 60_000)) : now - 60_000;
  return toIsoInstant(at.getTime() <= now && at.getTime() >= earliestNow ? now : at);
}

/** The form's starting values: the effective date is now, and the form remembers when it opened. */
export function openedNow(): { effectiveAt: string; [OPENED_AT]: number } {
  const now = new Date();
  return { effectiveAt: localInputValue(now), [OPENED_AT]: now.getTime() };
}

/** Form values as the API takes them: fields of the schema only, the effective date as an ISO instant. */
export function versionPayload(fields: readonly string[]) {
  return (data: Record<string, unknown>) => ({
    ...Object.fromEntries(fields.filter((field) => field in data).map((field) => [field, data[field]])),
    effectiveAt: effectiveInstant(data.effectiveAt, data[OPENED_AT]),
  });
}

/** The schema's messages, plus the server's "not in the past" rule checked against this browser's clock. */
export function versionValidator(schema: ZodType & { shape: Record<string, unknown> }) {
  const payload = versionPayload(Object.keys(schema.shape));
  const bySchema = zodValidator(schema);
  return (values: Record<string, unknown>) => {
    const data = payload(values);
    const errors = bySchema(data);
    const at = Date.parse(String(data.effectiveAt));
    if (!errors.effectiveAt && at < Date.now() - EFFECTIVE_AT_TOLERANCE_MS) errors.effectiveAt = translatableMessage({ message: msg.effectiveAtPast });
    return errors;
  };
}
