import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationChecksum } from '../../scripts/migrationChecksum';

/**
 * A database records each migration by name and never runs it again: a shipped migration renamed
 * or edited changes nothing on the databases that already ran it, and makes them differ from new
 * ones. checksums.txt beside the migrations holds every shipped file's name and the checksum of its
 * code (comments may be reworded); it only grows.
 */

const DIR = join(import.meta.dirname, '../../server/db/migrations');
const LIST = 'checksums.txt';
const files = readdirSync(DIR).filter((name) => name.endsWith('.ts'));
const listed = new Map(
  readFileSync(join(DIR, LIST), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.trim().split(/\s+/) as [string, string]),
);
const checksumOf = (file: string) => migrationChecksum(readFileSync(join(DIR, file), 'utf8'));

describe('shipped migrations', () => {
  it(`are each listed in server/db/migrations/${LIST}`, () => {
    const unlisted = files.filter((file) => !listed.has(file));
    expect(unlisted, `New migration file(s): add its line to server/db/migrations/${LIST}: node scripts/migrationChecksum.ts server/db/migrations/<file> prints it`).toEqual([]);
  });

  it('are all still there, under their names, with the content they shipped with', () => {
    const problems = [...listed].flatMap(([file, checksum]) =>
      !files.includes(file)
        ? [`${file} is missing or renamed: a database that ran it would run it again under a new name; put it back`]
        : checksumOf(file) !== checksum
          ? [`${file} was edited after it shipped: databases that ran it keep the old version; undo the edit and write a new migration`]
          : [],
    );
    expect(problems).toEqual([]);
  });

  it('import nothing that can change later: Kysely, and their own frozen helpers beside them', () => {
    const imports = files.flatMap((file) => {
      const text = readFileSync(join(DIR, file), 'utf8');
      const specifiers = [...text.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]?([^'")]+)|\brequire\s*\(\s*['"]?([^'")]+)|^\s*import\s+['"]([^'"]+)['"]/gm)].map(
        (match) => match[1] ?? match[2] ?? match[3] ?? match[4],
      );
      return specifiers.map((specifier) => ({ file, specifier }));
    });
    expect(imports.length).toBeGreaterThan(files.length);
    const allowed = ({ specifier }: { specifier: string }) => specifier === 'kysely' || (/^\.\/[^/]+$/.test(specifier) && files.includes(`${specifier.slice(2)}.ts`));
    expect(imports.filter((entry) => !allowed(entry))).toEqual([]);
  });
});
