import { z } from 'zod';

/** A host name: labels of letters, digits and hyphens, a 2–24 letter top-level label. Stored lower-case. */
export const DOMAIN_PATTERN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}$/;

export const yesNo = z.enum(['Y', 'N']);

export const domainInput = z.strictObject({
  domain: z
    .string()
    .trim()
    .transform((value) => value.toLowerCase().replace(/^@/, ''))
    .pipe(z.string().regex(DOMAIN_PATTERN, 'Enter a domain such as example.com.')),
  description: z.string().trim().max(200).nullish(),
  activeFlag: yesNo.default('Y'),
});
export type DomainInput = z.input<typeof domainInput>;

/** An allowed sign-up domain (SPEC §3 "Domain"). */
export interface Domain {
  id: number;
  domain: string;
  description: string | null;
  activeFlag: 'Y' | 'N';
  createdAt: string;
  updatedAt: string;
}
