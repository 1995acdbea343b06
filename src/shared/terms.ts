import { z } from 'zod';
import { msg } from './validation-messages';
import { activeFlag } from './fields';
import { envelopeOf, listEnvelopeOf } from './envelope';

export const TERM_TYPES = ['POST', 'REQUIRED'] as const;
export type TermType = (typeof TERM_TYPES)[number];

/** Raw characters of one version's HTML, checked before sanitising so a huge body is refused, not trimmed. */
export const TERM_CONTENT_MAX_LENGTH = 50_000;
/** A new version may take effect "now": a form filled a little while ago is not "in the past". */
export const EFFECTIVE_AT_TOLERANCE_MS = 60_000;

export { TERM_CONTENT_ALLOWED } from './term-content';

const title = z.string().trim().min(1, msg.titleEnter).max(200);
const type = z.enum(TERM_TYPES, msg.termTypeInvalid);
const termsVersion = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z][0-9A-Za-z._-]{0,19}$/, msg.termVersionInvalid);
/** An instant with its offset, stored as UTC ISO text so effective dates compare as strings. */
const effectiveAt = z
  .string(msg.effectiveAtInvalid)
  .pipe(z.iso.datetime({ offset: true, message: msg.effectiveAtInvalid }))
  .transform((value) => new Date(value).toISOString());
const content = z.string(msg.termContentRequired).trim().min(1, msg.termContentRequired).max(TERM_CONTENT_MAX_LENGTH, msg.termContentTooLong);

/** A version to publish, or the new state of a version being edited. */
export const termVersionInput = z.strictObject({ termsVersion, effectiveAt, content });
export type TermVersionInput = z.input<typeof termVersionInput>;

/** A new term with its first version. */
export const termCreateInput = z.strictObject({ title, type, activeFlag: activeFlag.default('Y'), termsVersion, effectiveAt, content });
export type TermCreateInput = z.input<typeof termCreateInput>;

/** A term's own fields; its versions change only through the version calls. */
export const termUpdateInput = z.strictObject({ title, type, activeFlag });
export type TermUpdateInput = z.input<typeof termUpdateInput>;

/** Where a version stands at the server's present time. */
export const TERM_VERSION_STATUSES = ['IN_EFFECT', 'SCHEDULED', 'SUPERSEDED'] as const;
export type TermVersionStatus = (typeof TERM_VERSION_STATUSES)[number];

/** A term version. */
export const termVersionSchema = z.object({
  id: z.number(),
  detailId: z.number(),
  termId: z.number(),
  termsVersion: z.string(),
  content: z.string(),
  effectiveAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(TERM_VERSION_STATUSES),
  /** Set when saving a version that had taken effect published this new one instead. */
  replacesDetailId: z.number().optional(),
});
export type TermVersion = z.infer<typeof termVersionSchema>;

/** A term as listed, with its version in effect. */
export const termSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  type: z.enum(TERM_TYPES),
  activeFlag,
  versionInEffect: z.string().nullable(),
  effectiveAt: z.string().nullable(),
  versionCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TermSummary = z.infer<typeof termSummarySchema>;

export const termSchema = termSummarySchema.extend({
  versions: z.array(termVersionSchema),
  agreementCount: z.number(),
});
export type Term = z.infer<typeof termSchema>;

/** One person's agreement to one version of a term. */
export const termAgreementSchema = z.object({
  id: z.number(),
  adminId: z.number(),
  email: z.string(),
  name: z.string(),
  detailId: z.number(),
  termsVersion: z.string(),
  agreedAt: z.string(),
});
export type TermAgreement = z.infer<typeof termAgreementSchema>;

export const termListResponse = listEnvelopeOf(termSummarySchema);
export const termResponse = envelopeOf(termSchema);
export const termAgreementListResponse = listEnvelopeOf(termAgreementSchema);
export const termVersionResponse = envelopeOf(termVersionSchema);
