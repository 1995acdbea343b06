import { z } from 'zod';
import { envelopeOf } from './envelope';

/** GET /api/health: the process answers. */
export const healthResponse = envelopeOf(z.object({ status: z.literal('UP'), uptimeSeconds: z.number() }));

/** GET /api/ready: READY (200) or NOT_READY (503), with each check. */
export const readinessSchema = z.object({
  status: z.enum(['READY', 'NOT_READY']),
  database: z.boolean(),
  migrations: z.boolean(),
  mail: z.enum(['smtp', 'outbox']),
});
export const readinessResponse = envelopeOf(readinessSchema);
