import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../server/db/unavailable';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('is true for a database down, restarting, cut off, hung or too slow', () => {
    const unavailable = [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('08006'),
      withCode('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
      new Error('wrapped', { cause: withCode('57P01') }),
    ];
    expect(unavailable.filter((error) => !isDatabaseUnavailable(error)).map((error) => error.message)).toEqual([]);
  });

  it('is false for what a request did wrong or the server got wrong', () => {
    const others = [
      withCode('23505', 'duplicate key value'),
      withCode('42P01', 'relation does not exist'),
      withCode('22P02'),
      new Error('boom'),
      new TypeError('x is undefined'),
      'ECONNREFUSED',
      null,
      undefined,
    ];
    expect(others.filter((error) => isDatabaseUnavailable(error))).toEqual([]);
  });
});
