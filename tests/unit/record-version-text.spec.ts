import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IGNORED_FIELDS } from '../../server/http/record-readers';
import { rowVersions, versionOf } from '../../server/http/record-versions';
import { datasetsResource } from '../../src/shared/resources/datasets';
import { domainsResource } from '../../src/shared/resources/domains';
import type { ResourceDeclaration } from '../../src/shared/resources/define';

/**
 * A version is written straight from a flat record's fields (the list's hot path); it must be the
 * hash the general rule gives, written out here as it was first made: the record without ignored
 * fields, file links' keys or empty fields, as JSON with every object's keys sorted, SHA-256 in
 * base64url, 22 characters. A change here would make every version a browser holds stale.
 */
const SIGNED_LINK = /^(\/api\/[^?\s]*)\?token=[^\s]*$/;
const withoutKeys = (value: unknown): unknown => {
  if (typeof value === 'string') return value.replace(SIGNED_LINK, '$1');
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(withoutKeys);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutKeys(item)]));
};
const sorted = (entries: [string, unknown][]) => Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)));
function expected(record: Record<string, unknown>, declaration: ResourceDeclaration): string {
  const ignored = new Set([...IGNORED_FIELDS, ...(declaration.history?.ignore ?? [])]);
  const counted = sorted(Object.entries(withoutKeys(record) as Record<string, unknown>).filter(([field, value]) => !ignored.has(field) && value !== null && value !== undefined));
  const text = JSON.stringify(counted, (_, item: unknown) => (item && typeof item === 'object' && !Array.isArray(item) ? sorted(Object.entries(item)) : item));
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

const domain = { id: 7, domain: 'example.org', description: 'A partner', activeFlag: 'Y', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z' };
const records: Record<string, unknown>[] = [
  domain,
  { ...domain, description: null },
  { ...domain, description: undefined },
  { ...domain, description: '한국어 "따옴표" \\ \n 줄 \u2028 😀' },
  { ...domain, description: '/api/files/7?token=abc.def' },
  { ...domain, description: '/api/files/7?token=abc def' },
  { ...domain, description: 'see /api/files/7?token=abc' },
  { ...domain, updatedAt: '2030-01-01T00:00:00.000Z', id: 8 },
  { zeta: 1.5, alpha: true, beta: false, gamma: 0, delta: -0, epsilon: Number.NaN, '10': 'ten', '9': 'nine', a1: 'x' },
  { title: 'nested', rows: [{ b: 1, a: '/api/files/1?token=x' }], meta: { z: 1, a: { y: null, b: '2' } } },
  { title: 'a date', at: new Date('2026-01-01T00:00:00.000Z') },
  {},
];

describe('record version text', () => {
  it.each(records.map((record, index) => [index, record] as const))('record %i hashes as the general rule says', (_, record) => {
    expect(versionOf(record, domainsResource)).toBe(expected(record, domainsResource));
    expect(versionOf(record, datasetsResource)).toBe(expected(record, datasetsResource));
  });

  it('gives each list row the version of its record', () => {
    const rows = records.slice(0, 8).map((record) => ({ ...record, extra: 'not a field of the record' }));
    const page = rowVersions(domainsResource)!({ list: rows, totalCount: rows.length, totalPage: 1, currentPage: 1 });
    const fields = Object.keys(domain);
    page.list.forEach((row, index) => {
      const record = Object.fromEntries(fields.map((field) => [field, (rows[index] as Record<string, unknown>)[field]]));
      expect((row as { version: string }).version).toBe(expected(record, domainsResource));
      expect((row as { version: string }).version).toBe(versionOf(record, domainsResource));
    });
  });

  // Versions of texts hashed lately are kept (a list read again hashes only what changed): a kept one,
  // one pushed out by thousands of others, and a text too long to keep each still hash as the rule says.
  it('answers the rule’s version for a record read again, after many others, and for a long one', () => {
    const long = { ...domain, description: 'x'.repeat(5_000) };
    for (const record of [domain, long]) expect(versionOf(record, domainsResource)).toBe(expected(record, domainsResource));
    for (let n = 0; n < 6_000; n++) versionOf({ ...domain, id: 1_000 + n, description: `Other ${n}` }, domainsResource);
    for (const record of [domain, long, { ...domain, description: 'Other 5999' }, { ...domain, id: 6_999, description: 'Other 5999' }]) {
      expect(versionOf(record, domainsResource)).toBe(expected(record, domainsResource));
      expect(versionOf(record, domainsResource)).toBe(expected(record, domainsResource));
    }
  });

  // A list's rows are matched with those read lately, by id and value: whichever counted field of a
  // row changed between two reads, and however it changed back, the row's version is its record's.
  it('gives a row read again its record’s version, whichever of its fields changed meanwhile', () => {
    const versions = rowVersions(domainsResource)!;
    const versionOfRow = (record: Record<string, unknown>) => (versions({ list: [{ ...record }], totalCount: 1, totalPage: 1, currentPage: 1 }).list[0] as { version: string }).version;
    const changes: Record<string, unknown>[] = [
      {},
      { description: 'Changed' },
      { description: null },
      { description: '/api/files/7?token=new-key' },
      { description: '/api/files/7?token=other-key' },
      { domain: 'example.net' },
      { activeFlag: 'N' },
      { id: 8 },
      { updatedAt: '2031-01-01T00:00:00.000Z' },
      { description: 7 },
      { description: { nested: true } },
      {},
    ];
    for (const change of [...changes, ...changes]) {
      const record = { ...domain, ...change };
      expect(versionOfRow(record), JSON.stringify(change)).toBe(expected(record, domainsResource));
    }
  });
});
