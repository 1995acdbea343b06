import { z } from 'zod';
import { code, flag } from './collect-fields';

export const marketAccountInput = z.strictObject({
  platform: z.string().trim().min(1, 'Enter the platform.').max(50).transform((value) => value.toUpperCase()),
  accountId: z.string().trim().min(1, 'Enter the account id.').max(100),
  name: z.string().trim().min(1, 'Enter the name.').max(100),
  advertiser: code('an advertiser'),
  country: code('a country'),
  /** Write-only: absent keeps the stored secret, null clears it, text replaces it. */
  secret: z.string().min(1, 'Enter the secret, or leave it unchanged.').max(4000).nullish(),
  activeFlag: flag.default('Y'),
});
export type MarketAccountInput = z.input<typeof marketAccountInput>;

export interface MarketAccount {
  id: number;
  platform: string;
  accountId: string;
  name: string;
  advertiser: string;
  country: string;
  /** Whether a secret is stored; the secret itself is never answered. */
  secretSet: boolean;
  activeFlag: 'Y' | 'N';
  createdAt: string;
  updatedAt: string;
}
