import type { Envelope } from '../../src/shared';

export function success<T>(data: T, resultMessage = 'Success'): Envelope<T> {
  return { result: 'SUCCESS', resultMessage, data };
}

export function outcome<T>(result: string, resultMessage: string, data: T): Envelope<T> {
  return { result, resultMessage, data };
}
