import { describe, expect, it } from 'vitest';
import { propertyNamesKo } from '../../src/i18n/property-names.ko';
import { PROPERTY_KINDS } from '../../src/shared';
import { propertyName } from '../../src/shared/property-names';
import { type TestApp, withTestApp } from './harness';

let t: TestApp;
withTestApp((app) => (t = app));

const TABLES = { regions: 'regions', countries: 'countries', companies: 'companies', advertisers: 'advertisers', 'data-types': 'data_types' } as const;
const koWord = (key: string) => {
  const [, , kind, code] = key.split('.');
  return propertyNamesKo[kind as keyof typeof propertyNamesKo]?.[code] ?? '';
};
/** Names that are the same in every language: advertisers are companies' own names, CRM an acronym. */
const PROPER_NAMES = new Set(['advertisers', 'data-types:CRM']);

describe('Project Properties names on a Korean screen', () => {
  it('every row a first start writes reads in Korean: no English word where a Korean one belongs', async () => {
    let checked = 0;
    for (const kind of PROPERTY_KINDS) {
      const rows = await t.db.selectFrom(TABLES[kind]).select(['code', 'name']).execute();
      expect(rows.length, kind).toBeGreaterThan(0);
      for (const row of rows) {
        if (PROPER_NAMES.has(kind) || PROPER_NAMES.has(`${kind}:${row.code}`)) continue;
        const name = propertyName(kind, row, 'ko', koWord);
        expect(name, `${kind} ${row.code} (${row.name})`).not.toMatch(/[A-Za-z]/);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(15);
  });
});
