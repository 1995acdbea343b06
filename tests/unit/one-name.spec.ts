import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles } from '../../src/testing/repoFiles';
import { domainsResource } from '../../src/shared/resources/domains';

/**
 * Allowed Domains has one name in code, `domains` (resource, API path, folders,
 * table, catalogue keys); "Allowed Domains" is only the words people read. Every source and doc file
 * under the folders below is read, and none may name it the older ways (white + domain, allowed +
 * domain, in any case and joined by nothing, `-` or `_`), except:
 * - migrations numbered up to 028, which ran under the old table name or rename it;
 * - the one line that declares the screen's path, which is the specification's (docs/spec.md).
 */
const root = path.resolve(__dirname, '../..');
const FOLDERS = ['src', 'server', 'tests', 'bench', 'docs'];
// Built from parts, so this file does not name the concept the old way itself.
const OTHER_NAME = new RegExp(['white', 'allowed'].map((word) => `${word}[-_]?domain`).join('|'), 'i');
/** The screen's declaration, read as text (the browser's modules are not loaded in this Node test). */
const DECLARATION = 'src/resources/domains/index.ts';
const declaration = readFileSync(path.join(root, DECLARATION), 'utf8');
const LIST_PATH_LINE = /^ {2}listPath: '([^']+)',$/m;
const listPath = LIST_PATH_LINE.exec(declaration)?.[1] ?? '';

/** Migrations up to 028 keep the table name they ran with. */
function ranUnderOldName(file: string): boolean {
  const match = /^server\/db\/migrations\/(\d{3})_/.exec(file);
  return match !== null && Number(match[1]) <= 28;
}

const checked = repoFiles(FOLDERS, { names: /\.(tsx?|md|json)$/, specs: true }).filter((file) => file !== 'docs/spec.md' && !ranUnderOldName(file));

describe('one name for Allowed Domains', () => {
  it('reads every source and doc file', () => {
    expect(checked.length).toBeGreaterThan(500);
    expect(checked).toContain(DECLARATION);
    expect(checked).toContain('server/db/schema.ts');
  });

  it('is named `domains` everywhere but the screen path the specification gives', () => {
    const found = checked.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (OTHER_NAME.test(line) && !(file === DECLARATION && line === `  listPath: '${listPath}',`) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('declares the specification’s screen path and the resource’s one name', () => {
    const spec = readFileSync(path.join(root, 'docs/spec.md'), 'utf8');
    expect(spec).toContain(` ${listPath},`);
    expect(OTHER_NAME.test(listPath)).toBe(true);
    expect([domainsResource.name, domainsResource.path]).toEqual(['domains', '/domains']);
    expect(declaration).toContain("name: 'domains',");
    expect(declaration).toContain("title: 'console.screens.domains',");
  });
});
