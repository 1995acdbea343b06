import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { core } from 'zod';
import type { FieldError } from '../../src/shared';
import { issueMessage } from '../../src/shared/validation-messages';
import { AppError, englishOf } from './app-error';
import { isOutOfSpace, OutOfSpaceError } from '../files/store-errors';
import { isDatabaseUnavailable } from '../db/unavailable';
import { sentence } from '../../src/i18n/serverMessage';

/** Seconds a client is told to wait before trying again while the database is unavailable. */
const RETRY_AFTER_SECONDS = 5;

/** Turns every failure, and every unknown /api path, into the envelope with a meaningful status. */
export const errorEnvelope = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // A full disk is the server's state, not the request's fault: the operator is told on every refusal.
    if (isOutOfSpace(error)) {
      const refusal = error instanceof OutOfSpaceError ? error : new OutOfSpaceError(error);
      request.log.error({ err: refusal.cause }, 'out of disk space: free space in DATA_DIR (or the database volume)');
      return reply.code(refusal.status).send({ result: refusal.result, resultMessage: refusal.message, data: null });
    }
    if (error instanceof AppError) {
      return reply.code(error.status).send({ result: error.result, resultMessage: error.message, data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Each issue as its message key (the schema's own, or the kind of problem by issue code), never zod's English.
      const errors: FieldError[] = error.validation.map((issue) => ({
        field: fieldName(issue.instancePath, issue.params),
        ...issueMessage({ ...issue.params, code: issue.keyword, message: issue.message ?? '', path: [] } as core.$ZodIssue),
      }));
      return reply.code(400).send({
        result: 'VALIDATION_ERROR',
        resultMessage: errors.map((e) => (e.field ? `${e.field}: ${englishOf(e)}` : englishOf(e))).join('; '),
        data: { errors },
      });
    }
    const code = (error as FastifyError).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ result: 'PAYLOAD_TOO_LARGE', resultMessage: sentence('errorHandler.theRequestBodyIsToo'), data: null });
    }
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || ((error as FastifyError).statusCode === 400 && error instanceof SyntaxError)) {
      return reply.code(400).send({ result: 'VALIDATION_ERROR', resultMessage: sentence('errorHandler.theRequestBodyIsNot'), data: { errors: [] } });
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ result: 'VALIDATION_ERROR', resultMessage: sentence('errorHandler.theRequestBodyMustBe'), data: { errors: [] } });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ result: 'VALIDATION_ERROR', resultMessage: error.message, data: { errors: [] } });
    }
    if (isDatabaseUnavailable(error)) {
      // One line per refused request while it lasts; /api/ready answers NOT_READY meanwhile.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .send({ result: 'DATABASE_UNAVAILABLE', resultMessage: sentence('errorHandler.theDatabaseCannotBeReached'), data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ result: 'INTERNAL_ERROR', resultMessage: sentence('errorHandler.somethingWentWrongOnThe'), data: null });
  });
});

function fieldName(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const keys = (params as { keys?: string[] } | undefined)?.keys;
  if (keys?.length) return [path, keys.join(',')].filter(Boolean).join('.');
  return path;
}
