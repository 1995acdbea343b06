import { z } from 'zod';
import { envelopeOf } from './envelope';

/**
 * What publishing a new version of a term asks of people: for a required, active term, every
 * active approved account must accept the new version at its next sign-in (server/auth/terms.ts).
 * The publish form states the count before anything is published.
 */
export const termReacceptanceSchema = z.object({
  /** Whether a new version must be accepted again (a required term that is active). */
  required: z.boolean(),
  /** How many people would be asked to accept it at their next sign-in. */
  people: z.number(),
});
export type TermReacceptance = z.infer<typeof termReacceptanceSchema>;
export const termReacceptanceResponse = envelopeOf(termReacceptanceSchema);
