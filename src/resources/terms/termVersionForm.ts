import { EFFECTIVE_AT_TOLERANCE_MS, termMessages } from '../../shared';
import { schemaMessage, zodValidator } from '../zodForm';
import { z, type ZodType } from 'zod';

/** The datetime-local input's "yyyy-MM-ddThh:mm" for an instant, in the browser's time zone. */
export function localInputValue(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** What the date input stores (a local minute) or the server sent (an instant with its offset). */
const LOCAL_MINUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const INSTANT = z.iso.datetime({ offset: true });

/**
 * The instant the server gets: the input has minutes only, so a time within the last minute
 * means "now" and is sent as the present instant. Anything else, such as a half-typed
 * "2026-12-05 10:3" that Date would read as 10:03, is passed on as typed for the schema to refuse.
 */
export function effectiveInstant(value: unknown): unknown {
  if (typeof value !== 'string' || !(LOCAL_MINUTE.test(value) || INSTANT.safeParse(value).success)) return value;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const now = Date.now();
  return at.getTime() <= now && now - at.getTime() < 60_000 ? new Date(now).toISOString() : at.toISOString();
}

/** Form values as the API takes them: fields of the schema only, the effective date as an ISO instant. */
export function versionPayload(fields: readonly string[]) {
  return (data: Record<string, unknown>) => ({
    ...Object.fromEntries(fields.filter((field) => field in data).map((field) => [field, data[field]])),
    effectiveAt: effectiveInstant(data.effectiveAt),
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
    if (!errors.effectiveAt && at < Date.now() - EFFECTIVE_AT_TOLERANCE_MS) errors.effectiveAt = schemaMessage(termMessages.effectiveAtPast);
    return errors;
  };
}
