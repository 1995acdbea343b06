import { z } from 'zod';
import { msg } from './validation-messages';
import { envelopeOf, listEnvelopeOf } from './envelope';
import { activeFlag, code } from './fields';
import { withoutControls } from './display-text';

/** A host as compared for secrets and OUTBOUND_ALLOW: lower case, without IPv6 brackets or a trailing dot. */
export const normalHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');

/** Whether a host is one of the hosts a market account's secret may be sent to (exact, case-insensitive). */
export const secretMayGoTo = (hosts: readonly string[], host: string) => hosts.some((allowed) => normalHost(allowed) === normalHost(host));

const HOST_NAME = /^(\[[0-9a-f:.]+\]|[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?\.?|[0-9a-f:.]+)$/i;

/** Checked as a whole, so a form shows the message on the list input itself. */
const secretHosts = z
  .array(z.string().trim().max(253, msg.hostTooLong))
  .max(20, msg.atMostHosts)
  .superRefine((hosts, context) => {
    const bad = hosts.find((host) => !HOST_NAME.test(host));
    if (bad !== undefined) context.addIssue({ code: 'custom', message: msg.bareHost, params: { host: bad } });
  })
  .transform((hosts) => hosts.map(normalHost));

export const marketAccountInput = z.strictObject({
  platform: z
    .string()
    .trim()
    .min(1, msg.platformRequired)
    .max(50)
    .transform((value) => value.toUpperCase()),
  accountId: z.string().trim().min(1, msg.accountIdRequired).max(100),
  name: z.string().overwrite(withoutControls).trim().min(1, msg.nameEnter).max(100),
  advertiser: code(msg.advertiserRequired),
  country: code(msg.countryRequired),
  /** Write-only: absent keeps the stored secret, null clears it, text replaces it. */
  secret: z.string().min(1, msg.secretRequired).max(4000).nullish(),
  /** The hosts the secret may be sent to; none (the default) means the secret goes nowhere. */
  allowedHosts: secretHosts.default([]),
  activeFlag: activeFlag.default('Y'),
});
export type MarketAccountInput = z.input<typeof marketAccountInput>;

export const marketAccountSchema = z.object({
  id: z.number(),
  platform: z.string(),
  accountId: z.string(),
  name: z.string(),
  advertiser: z.string(),
  country: z.string(),
  /** Whether a secret is stored; the secret itself is never answered. */
  secretSet: z.boolean(),
  allowedHosts: z.array(z.string()),
  activeFlag,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MarketAccount = z.infer<typeof marketAccountSchema>;
export const marketAccountListResponse = listEnvelopeOf(marketAccountSchema);
export const marketAccountResponse = envelopeOf(marketAccountSchema);
