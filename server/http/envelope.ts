import type { Envelope } from '../../src/shared';
import { sentence, type ServerMessage } from '../../src/i18n/serverMessage';

/**
 * A success answer. `data` may be typed `X | undefined` where a handler answers a record it has
 * just written and read back; the route's response schema holds it to X (an undefined one would
 * fail serialisation rather than answer without data). The message is put into the reader's words
 * as the answer leaves (reader-language.ts).
 */
export function success<T>(data: T | undefined, resultMessage: ServerMessage = sentence('common.success')): Envelope<T> & { result: 'SUCCESS' } {
  return { result: 'SUCCESS', resultMessage, data: data as T };
}

/** The result stays a literal type, so a route whose answers differ by result is held to its schema's union. */
export function outcome<R extends string, T>(result: R, resultMessage: ServerMessage, data: T): Envelope<T> & { result: R } {
  return { result, resultMessage, data };
}
