import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declarations } from '../../server/http/resource-declarations';
import { resourceTable, TABLE_END, TABLE_START, withResourceTable } from '../../server/ops/docs/resource-table';

const apiDoc = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');

describe("docs/api.md's resource table", () => {
  it('is the one the declarations give (npm run docs:resources writes it)', () => {
    expect(declarations.length).toBeGreaterThan(10);
    const written = apiDoc.slice(apiDoc.indexOf(TABLE_START) + TABLE_START.length, apiDoc.indexOf(TABLE_END)).trim();
    expect(written, 'run npm run docs:resources').toBe(resourceTable(declarations));
    for (const { name, path } of declarations) expect(written).toContain(`| \`${name}\` | \`/api${path}\` |`);
  });

  it('replaces only what lies between its markers, and refuses a document without them', () => {
    const document = `before\n${TABLE_START}\nold\n${TABLE_END}\nafter\n`;
    expect(withResourceTable(document, 'new')).toBe(`before\n${TABLE_START}\nnew\n${TABLE_END}\nafter\n`);
    expect(() => withResourceTable('no markers', 'new')).toThrow(/resource-table/);
  });
});
