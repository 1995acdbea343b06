import { z } from 'zod';
import { ACTIVITY_ACTIONS, type ActivityChange, type ActivityEntry } from './activity';
import { envelopeOf, listEnvelopeOf } from './envelope';
import { DB_INTEGER_MAX, NO_NUL } from './list-bounds';

/** The activity log's schemas: the API's answers and filters (the words are activity.ts). */

export const activityChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });

export const activityEntrySchema = z.object({
  id: z.number(),
  actorId: z.number().nullable(),
  actorName: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  resource: z.string(),
  recordId: z.string(),
  recordName: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.object({ day: z.string().nullable(), time: z.string() }))])),
  changes: z.array(activityChangeSchema),
  occurredAt: z.string(),
  /** The request's event id in the system log. */
  eventId: z.string(),
  /** On a delete entry read from the log: whether the record has been restored from it since. */
  restored: z.boolean().optional(),
});

const text = (max: number) => z.string().max(max).regex(NO_NUL);
/** A resource's name as declared: lower-case words joined by hyphens. */
const resourceName = z
  .string()
  .max(50)
  .regex(/^[a-z]+(-[a-z]+)*$/);
/** Filters of GET /api/activity and its export: person, record (resource + id), action and a time range. */
export const activityFilter = z.strictObject({
  actorId: z.coerce.number().int().positive().max(DB_INTEGER_MAX).optional(),
  resource: resourceName.optional(),
  recordId: text(40).optional(),
  action: z.enum(ACTIVITY_ACTIONS).optional(),
  /** ISO instants: from (inclusive) and to (exclusive). */
  occurredFrom: text(40).optional(),
  occurredTo: text(40).optional(),
});
export type ActivityFilter = z.infer<typeof activityFilter>;

export const activityListResponse = listEnvelopeOf(activityEntrySchema);
export const activityEntryResponse = envelopeOf(activityEntrySchema);
/** The people who appear in the log, for the person filter. */
export const activityActorsResponse = envelopeOf(z.array(z.object({ id: z.number(), name: z.string() })));

// The schemas answer exactly the types the words are written for: a drift fails the typecheck.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type ActivitySchemasMatchTheirTypes = [Holds<Same<z.infer<typeof activityChangeSchema>, ActivityChange>>, Holds<Same<z.infer<typeof activityEntrySchema>, ActivityEntry>>];

/** A revert's answer: the record as saved with the entry's old values, as its own read route answers it. */
export const activityRevertedResponse = envelopeOf(z.record(z.string(), z.unknown()).nullable());
