import { z } from 'zod';
import { DB_INTEGER_MAX } from '../../src/shared';
import { msg } from '../../src/shared/validation-messages';

/** A record id in a path or query: a positive whole number the database's integer columns can hold (PostgreSQL refuses more with an error). */
export const recordId = z.coerce.number().int().positive().max(DB_INTEGER_MAX, msg.idTooLarge);

/** `/:id` path parameters. */
export const idParams = z.object({ id: recordId });

/** `/:adminId` path parameters: an account's id. */
export const adminIdParams = z.object({ adminId: recordId });
