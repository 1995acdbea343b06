import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { bulkEditInput, bulkEditResponse, type BulkRefusal } from '../../src/shared/bulk-edit';
import type { ResourceDeclaration } from '../../src/shared/resources/define';
import { sharedTransaction, type Db } from '../db/database';
import { recordNoun, sentence, type ServerMessage } from '../../src/i18n/serverMessage';
import { AppError, validationError } from './app-error';
import { success } from './envelope';

/** The steps of a declared resource's single update (crud-routes.ts), which a bulk edit runs on each record. */
export interface UpdateSteps<Row, Values> {
  writers: { onRequest: preHandlerAsyncHookHandler };
  config: { recordsActivity: boolean };
  /** The record as the update loads it: a 404 when missing or out of the caller's scope. */
  load(request: FastifyRequest, id: number): Promise<Row>;
  /** The values its edit form would send back. */
  formOf(current: Row): Record<string, unknown>;
  /** The update's body schema. */
  body: z.ZodType;
  /** The update's checks, before the transaction. */
  checked(request: FastifyRequest, id: number, current: Row, input: Values): Promise<Values>;
  /** The update's write and activity entry, in the transaction. */
  write(trx: Db, request: FastifyRequest, reply: FastifyReply, id: number, current: Row, input: Values): Promise<Row | undefined>;
}

/**
 * PATCH <path> `{ ids, changes }`: the declaration's bulkEdit fields set on each record, each saved
 * as its single update saves it (scope, checks, activity entry), all in one transaction. A record
 * refused is named with its reason and nothing is written. No If-Match: a version names one record.
 */
export function bulkEditRoute<Row, Values>(app: FastifyInstance, declaration: ResourceDeclaration, steps: UpdateSteps<Row, Values>): void {
  const { noun } = declaration;
  const refusalOf = (id: number, error: unknown): BulkRefusal => {
    if (!(error instanceof AppError)) throw error;
    return { id, reason: error.sentence };
  };
  const refuse = (refused: BulkRefusal[], count: number) =>
    new AppError(
      'CONFLICT',
      sentence('crud.bulkRefused', {
        refused: refused.length,
        count,
        noun: recordNoun(noun),
        reasons: { sentences: refused.map(({ id, reason }) => sentence('crud.bulkRefusedRecord', { id, reason: reason as ServerMessage })) },
      }),
      { refused },
    );

  app
    .withTypeProvider<ZodTypeProvider>()
    .patch(`${declaration.path}`, { ...steps.writers, config: steps.config, schema: { body: bulkEditInput(declaration), response: { 200: bulkEditResponse } } }, async (request, reply) => {
      const ids = [...new Set(request.body.ids)];
      const changes = request.body.changes as Record<string, unknown>;
      const ready: { id: number; current: Row; input: Values }[] = [];
      const refused: BulkRefusal[] = [];
      for (const id of ids) {
        try {
          const current = await steps.load(request, id);
          const input = steps.body.safeParse({ ...steps.formOf(current), ...changes });
          if (!input.success) throw validationError(input.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })));
          ready.push({ id, current, input: await steps.checked(request, id, current, input.data as Values) });
        } catch (error) {
          refused.push(refusalOf(id, error));
        }
      }
      if (refused.length > 0) throw refuse(refused, ids.length);
      await sharedTransaction(app.ctx.db, async () => {
        // A store may refuse in its write (an account's rules): every refusal is named, then all is rolled back.
        // Each write is a savepoint of its own, so one refused on PostgreSQL leaves the transaction usable for the next.
        for (const { id, current, input } of ready) {
          try {
            await app.ctx.db.transaction().execute((record) => steps.write(record, request, reply, id, current, input));
          } catch (error) {
            refused.push(refusalOf(id, error));
          }
        }
        if (refused.length > 0) throw refuse(refused, ids.length);
      });
      return success({ ids }, sentence('crud.bulkChanged', { count: ids.length, noun: recordNoun(noun) }));
    });
}
