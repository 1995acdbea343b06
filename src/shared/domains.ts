import { z } from 'zod';
import { msg } from './validation-messages';
import { envelopeOf, listEnvelopeOf } from './envelope';
import { activeFlag } from './fields';

/** A host name: labels of letters, digits and hyphens, a 2–24 letter top-level label. Stored lower-case. */
export const DOMAIN_PATTERN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}$/;

export const domainInput = z.strictObject({
  domain: z
    .string()
    .trim()
    .transform((value) => value.toLowerCase().replace(/^@/, ''))
    .pipe(z.string().regex(DOMAIN_PATTERN, msg.domainFormat)),
  description: z.string().trim().max(200).nullish(),
  activeFlag: activeFlag.default('Y'),
});
export type DomainInput = z.input<typeof domainInput>;

/** An allowed sign-up domain. */
export const domainSchema = z.object({
  id: z.number(),
  domain: z.string(),
  description: z.string().nullable(),
  activeFlag,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Domain = z.infer<typeof domainSchema>;
export const domainListResponse = listEnvelopeOf(domainSchema);
export const domainResponse = envelopeOf(domainSchema);
