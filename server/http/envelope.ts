import type { Envelope } from '../../src/shared';

/**
 * A success answer. `data` may be typed `X | undefined` where a handler answers a record it has
 * just written and read back; the route's response schema holds it to X (an undefined one would
 * fail serialisation rather than answer without data).
 */
export function success<T>(data: T | undefined, resultMessage = 'Success'): Envelope<T> {
  return { result: 'SUCCESS', resultMessage, data: data as T };
}

export function outcome<T>(result: string, resultMessage: string, data: T): Envelope<T> {
  return { result, resultMessage, data };
}
