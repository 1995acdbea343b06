/**
 * One record change as the event stream (GET /api/events) tells it: what happened to which record,
 * who did it and when. No field values: a screen that shows the record reads it again through its
 * usual guarded read. Checked by hand, not by a zod schema: the data provider reads the stream, and
 * the sign-in page, which loads the data provider, goes without the schema library.
 */
export interface RecordEvent {
  type: 'created' | 'updated' | 'deleted';
  resource: string;
  id: string;
  by: string;
  at: string;
}

const EVENT_TYPES: ReadonlySet<unknown> = new Set(['created', 'updated', 'deleted']);

/** Whether a parsed stream message is a record change, as the server writes one. */
export function isRecordEvent(value: unknown): value is RecordEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  return EVENT_TYPES.has(event.type) && ['resource', 'id', 'by', 'at'].every((field) => typeof event[field] === 'string');
}

/** The topics a change is told on, as react-admin's realtime names them: the resource's, then the record's. */
export const recordTopics = (event: Pick<RecordEvent, 'resource' | 'id'>): [string, string] => [`resource/${event.resource}`, `resource/${event.resource}/${event.id}`];
