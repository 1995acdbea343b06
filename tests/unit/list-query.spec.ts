import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/http/app-error';
import { inEnglish } from '../../src/i18n/serverMessage';
import { dayBound, parseListQuery, type ListSpec } from '../../server/http/list-query';

const spec: ListSpec = {
  sortable: { id: 't.id' },
  defaultSort: ['id', 'ASC'],
  filters: {
    privType: { column: 't.flag', kind: 'eq', type: 'text', values: { UPLOADER: 'Y', NONE: 'N' } },
    status: { column: 't.status', kind: 'eq', type: 'text' },
    ownerId: { column: 't.owner_id', kind: 'eq', type: 'integer' },
    name: { column: 't.name', kind: 'contains', type: 'text' },
    endAt: { column: 't.end_at', kind: 'gte', type: 'text' },
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
    const { errors } = (error as AppError).data as { errors: { field: string; message: string }[] };
    return { message: inEnglish((error as AppError).message), errors: errors.map((fieldError) => ({ ...fieldError, message: inEnglish(fieldError.message) })) };
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

describe('parseListQuery value types', () => {
  it('binds an integer column only whole numbers in its range, digits in text included', () => {
    expect(parse({ ownerId: 12 })).toEqual([{ column: 't.owner_id', kind: 'eq', value: 12 }]);
    expect(parse({ ownerId: '12' })).toEqual([{ column: 't.owner_id', kind: 'eq', value: 12 }]);
    expect(parse({ ownerId: [1, '2'] })).toEqual([{ column: 't.owner_id', kind: 'eq', value: [1, 2] }]);
    for (const value of [1.5, 1e30, 2147483648, 'abc', '1e3', true, {}, [[]], [{}], ['x']]) {
      expect(refusal(() => parse({ ownerId: value })).errors, JSON.stringify(value)).toEqual([
        { field: 'filter.ownerId', message: 'ownerId must be a whole number between -2147483648 and 2147483647.' },
      ]);
    }
  });

  it('binds a text column bounded text without NUL, and a text bound only a day or an ISO time', () => {
    expect(parse({ status: 10, name: '%_\\' })).toEqual([
      { column: 't.status', kind: 'eq', value: '10' },
      { column: 't.name', kind: 'contains', value: '%_\\' },
    ]);
    expect(refusal(() => parse({ status: 'a\u0000' })).errors).toEqual([{ field: 'filter.status', message: 'status must not contain a NUL character.' }]);
    expect(refusal(() => parse({ name: 'x'.repeat(201) })).errors).toEqual([{ field: 'filter.name', message: 'name must be text of at most 200 characters.' }]);
    expect(refusal(() => parse({ name: ['a'] })).errors).toEqual([{ field: 'filter.name', message: 'name must be a single value.' }]);
    expect(refusal(() => parse({ status: Array(501).fill('a') })).errors).toEqual([{ field: 'filter.status', message: 'status takes at most 500 values.' }]);
    expect(parse({ endAt: '2024-05-31' })).toEqual([{ column: 't.end_at', kind: 'gte', value: '2024-05-31' }]);
    expect(refusal(() => parse({ endAt: 20240531 })).errors).toEqual([{ field: 'filter.endAt', message: 'endAt must be a date such as 2024-05-31, or an ISO time.' }]);
  });

  it("finds only the spec's own filters and sort keys, never Object.prototype's", () => {
    for (const key of ['__proto__', 'constructor', 'toString']) {
      expect(refusal(() => parseListQuery({ filter: `{"${key}":1}` }, spec)).errors).toEqual([{ field: `filter.${key}`, message: `Cannot filter by ${key}.` }]);
      expect(refusal(() => parseListQuery({ sort: `["${key}","ASC"]` }, spec)).errors).toEqual([{ field: 'sort', message: `Cannot sort by ${key}; sort by one of id.` }]);
    }
  });

  it('takes a range of safe whole numbers, caps the page and bounds the offset', () => {
    expect(parseListQuery({ range: '[0,1000000000]' }, spec)).toMatchObject({ offset: 0, limit: 100 });
    expect(parseListQuery({ range: '[100000,100009]' }, spec)).toMatchObject({ offset: 100000, limit: 10 });
    for (const range of ['[1e300,1e300]', '[-1,5]', '[5,1]', '[0.5,2]', '["a","b"]', '[]', '{}', '[100001,100002]', '[0,9007199254740993]']) {
      expect(refusal(() => parseListQuery({ range }, spec)).errors[0].field, range).toBe('range');
    }
  });
});
