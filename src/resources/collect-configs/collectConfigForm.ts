import { collectFieldSchema, collectConfigInput, headerEntry, scheduleSchema, type CollectConfigInput } from '../../shared';
import { inputOf, nestErrors, zodFieldMessages, type FormMessage } from '../zodForm';

/**
 * Alert recipients are typed as one comma-separated text: the form keeps the text as typed (so a
 * trailing comma survives typing) and the request splits it.
 */
export const recipientsFormat = (recipients: unknown) => (Array.isArray(recipients) ? recipients.join(', ') : (recipients ?? ''));
const recipientsParse = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter(Boolean);

/**
 * The request body of a form's values: only the fields the input schema declares, at every
 * level (a read record carries ids, next run times and names the strict schema refuses).
 */
export function collectConfigRequest(values: Record<string, unknown>): CollectConfigInput {
  const body = inputOf(collectConfigInput)(values);
  const sourceMethod = (body.sourceMethod ?? {}) as Record<string, unknown>;
  if (Array.isArray(sourceMethod.headers)) sourceMethod.headers = sourceMethod.headers.map((header) => inputOf(headerEntry)(header ?? {}));
  if (Array.isArray(body.fields)) body.fields = body.fields.map((field) => inputOf(collectFieldSchema)(field ?? {}));
  if (Array.isArray(body.schedules)) body.schedules = body.schedules.map((schedule) => scheduleRequest(schedule ?? {}));
  if (typeof body.alertRecipients === 'string') body.alertRecipients = recipientsParse(body.alertRecipients);
  return body as CollectConfigInput;
}

/** A schedule's fields; the day only for WEEKLY (a switched type must not keep a stale day). */
function scheduleRequest(schedule: Record<string, unknown>) {
  const picked = inputOf(scheduleSchema)(schedule);
  if (picked.scheduleType !== 'WEEKLY') picked.scheduledDay = null;
  return picked;
}

/** The shared rules on the form, with recipient errors (`alertRecipients.2`) shown on the one recipients input. */
export function validateCollectConfig(values: Record<string, unknown>) {
  const errors: Record<string, FormMessage> = {};
  for (const [field, message] of Object.entries(zodFieldMessages(collectConfigInput, collectConfigRequest(values)))) {
    const shownOn = field.startsWith('alertRecipients.') ? 'alertRecipients' : field;
    errors[shownOn] ??= message;
  }
  return nestErrors(errors);
}

/** Empty text rather than absent fields, so an untouched input gets its own message ("Enter the metric name."). */
export const newCollectConfig: Partial<CollectConfigInput> = {
  metricName: '',
  advertiser: '',
  dataType: '',
  sourceType: 'API',
  sourceLocation: '',
  sourceMethod: { httpMethod: 'GET', headers: [], responseFormat: 'JSON', rowsPath: '', pagination: { type: 'NONE', maxPages: 1000 }, timeoutMs: 30_000 },
  configData: {},
  fields: [{ field: '', code: '', type: 'STRING', fieldFlag: 'N', masterFlag: 'N' }],
  schedules: [],
  alertRecipients: [],
  inUse: 'Y',
};
