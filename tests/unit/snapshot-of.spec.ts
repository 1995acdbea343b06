// A record as its read route answers it (server/http/record-readers.ts): the shallow copy of a flat
// record reads exactly as the JSON round trip every other record takes.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { snapshotOf } from '../../server/http/record-readers';

const envelope = z.object({ result: z.string(), data: z.record(z.string(), z.unknown()) });
const throughJson = (record: Record<string, unknown>) => JSON.parse(JSON.stringify(record)) as Record<string, unknown>;

describe('snapshotOf', () => {
  it.each([
    ['a flat record', { id: 3, domain: 'a.example', description: null, activeFlag: 'Y', active: true, left: undefined, count: -0 }],
    ['numbers JSON cannot hold', { id: 1, ratio: Number.NaN, limit: Number.POSITIVE_INFINITY }],
    ['a time and a nested value', { id: 2, at: new Date('2026-12-03T10:00:00.000Z'), tags: ['x', undefined], parent: { id: 1, gone: undefined } }],
  ])('answers %s as JSON would, its fields in order', (_, record) => {
    const snapshot = snapshotOf(envelope, { result: 'SUCCESS', data: record });
    expect(snapshot).toEqual(throughJson(record));
    expect(Object.keys(snapshot!)).toEqual(Object.keys(throughJson(record)));
    expect(Object.getPrototypeOf(snapshot)).toBe(Object.prototype);
  });

  it('is a copy: changing it leaves the record alone', () => {
    const record = { id: 5, domain: 'b.example' };
    snapshotOf(envelope, { result: 'SUCCESS', data: record })!.domain = 'changed';
    expect(record.domain).toBe('b.example');
  });
});
