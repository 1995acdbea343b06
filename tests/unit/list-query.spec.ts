import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/http/app-error';
import { dayBound, parseListQuery, type ListSpec } from '../../server/http/list-query';

const spec: ListSpec = {
  sortable: { id: 't.id' },
  defaultSort: ['id', 'ASC'],
  filters: {
    privType: { column: 't.flag', kind: 'eq', values: { UPLOADER: 'Y', NONE: 'N' } },
    status: { column: 't.status', kind: 'eq' },
    from: { column: 't.created_at', kind: 'dayFrom' },
    to: { column: 't.created_at', kind: 'dayTo' },
  },
};

const parse = (filter: Record<string, unknown>) => parseListQuery({ filter: JSON.stringify(filter) }, spec).conditions;

/** The field errors of the 400 that `run` throws. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    return { message: (error as AppError).message, errors: ((error as AppError).data as { errors: { field: string; message: string }[] }).errors };
  }
  throw new Error('expected a 400');
}

describe('parseListQuery value mapping', () => {
  it('puts the column value of a mapped API word into the condition, for one value or several', () => {
    expect(parse({ privType: 'UPLOADER' })).toEqual([{ column: 't.flag', kind: 'eq', value: 'Y' }]);
    expect(parse({ privType: 'NONE' })).toEqual([{ column: 't.flag', kind: 'eq', value: 'N' }]);
    expect(parse({ privType: ['UPLOADER', 'NONE'] })).toEqual([{ column: 't.flag', kind: 'eq', value: ['Y', 'N'] }]);
    // A filter without a mapping passes its value through.
    expect(parse({ status: 'Y' })).toEqual([{ column: 't.status', kind: 'eq', value: 'Y' }]);
  });

  it('refuses a value outside the mapping, the column value itself included, naming the allowed values', () => {
    for (const value of ['ADMIN', 'Y', 'uploader', 'constructor', 1, true, ['UPLOADER', 'ADMIN']]) {
      expect(refusal(() => parse({ privType: value }))).toEqual({
        message: 'privType must be one of UPLOADER, NONE.',
        errors: [{ field: 'filter.privType', message: 'privType must be one of UPLOADER, NONE.' }],
      });
    }
  });
});

describe('parseListQuery day bounds', () => {
  it('widens a day to its first and last millisecond (UTC) and keeps an ISO time as it is', () => {
    expect(parse({ from: '2024-02-29', to: '2024-02-29' })).toEqual([
      { column: 't.created_at', kind: 'gte', value: '2024-02-29T00:00:00.000Z' },
      { column: 't.created_at', kind: 'lte', value: '2024-02-29T23:59:59.999Z' },
    ]);
    expect(parse({ to: '2024-12-31' })).toEqual([{ column: 't.created_at', kind: 'lte', value: '2024-12-31T23:59:59.999Z' }]);
    expect(parse({ from: '2024-03-01T10:30Z' })).toEqual([{ column: 't.created_at', kind: 'gte', value: '2024-03-01T10:30:00.000Z' }]);
    expect(parse({ from: '', to: null })).toEqual([]);
  });

  it('refuses an impossible or malformed day with a 400 naming the field', () => {
    for (const value of ['2024-02-30', '2023-02-29', '2024-13-01', '2024-04-31', '2024-02-30T10:00Z', '2024-2-3', 'yesterday', '2024-03-01x', 20240301]) {
      expect(refusal(() => parse({ from: value })).errors).toEqual([{ field: 'filter.from', message: 'from must be a real date such as 2024-05-31, or an ISO time.' }]);
    }
    expect(refusal(() => parse({ to: '2024-02-30' })).errors[0].field).toBe('filter.to');
  });

  it('refuses an end before the start of the same column, but not a one-day range', () => {
    expect(refusal(() => parse({ from: '2024-03-02', to: '2024-03-01' })).errors).toEqual([{ field: 'filter.to', message: 'The end of the date range must not be before its start.' }]);
    expect(parse({ from: '2024-03-01', to: '2024-03-01T00:00:00.000Z' })).toHaveLength(2);
  });

  it('is the rule dayBound applies outside list filters too', () => {
    expect(dayBound('2024-02-29', 'from', 'from')).toBe('2024-02-29T00:00:00.000Z');
    expect(dayBound('2024-02-29', 'to', 'to')).toBe('2024-02-29T23:59:59.999Z');
    expect(refusal(() => dayBound('2024-02-30', 'to', 'to')).errors).toEqual([{ field: 'to', message: 'to must be a real date such as 2024-05-31, or an ISO time.' }]);
  });
});
