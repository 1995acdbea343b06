import { z } from 'zod';
import { msg } from './validation-messages';
import { envelopeOf, listEnvelopeOf } from './envelope';
import { PROPERTY_KINDS, type PropertyKind } from './property-kinds';
import { withoutControls } from './display-text';

/** The code tables behind the project forms (System Setting › Project Properties). */
export { PROPERTY_KINDS, type PropertyKind } from './property-kinds';

export const PROPERTY_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{0,19}$/;

export const propertyInput = z.strictObject({
  kind: z.enum(PROPERTY_KINDS),
  code: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(PROPERTY_CODE_PATTERN, msg.propertyCode)),
  name: z.string().overwrite(withoutControls).trim().min(1, msg.nameRequired).max(100),
  no: z.number().int().min(0).max(9999).default(0),
  /** Countries only: the region they belong to. */
  regionCode: z.string().trim().max(20).nullish(),
});
export type PropertyInput = z.input<typeof propertyInput>;

/** A property: code, name, no, id; the id is `<kind>:<row id>` so one resource holds every table. */
export const propertySchema = z.object({
  id: z.string().max(40),
  kind: z.enum(PROPERTY_KINDS),
  code: z.string(),
  name: z.string(),
  no: z.number(),
  regionCode: z.string().nullable(),
}) satisfies z.ZodType<{ kind: PropertyKind }>;
export type Property = z.infer<typeof propertySchema>;
export const propertyListResponse = listEnvelopeOf(propertySchema);
export const propertyResponse = envelopeOf(propertySchema);
