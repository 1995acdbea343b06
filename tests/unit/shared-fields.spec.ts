import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles } from '../../src/testing/repoFiles';

/**
 * Generic field rules are declared once, in src/shared/fields.ts (the yes/no flag, a day, a code,
 * a relative path); feature files and screens import them. A `['Y', 'N']` or `'Y' | 'N'` written
 * anywhere else in src/ or server/ (specs aside) is a second declaration that can drift from it.
 */
const root = path.resolve(__dirname, '../..');
const HOME = 'src/shared/fields.ts';
const YES_NO_WRITTEN_OUT = /\[\s*(['"])Y\1\s*,\s*(['"])N\2\s*\]|(['"])Y\3\s*\|\s*(['"])N\4/;

const files = repoFiles(['src', 'server']);

describe('generic field rules', () => {
  it('the yes/no flag is declared in src/shared/fields.ts alone', () => {
    expect(readFileSync(path.join(root, HOME), 'utf8')).toMatch(YES_NO_WRITTEN_OUT);
    const elsewhere = files
      .filter((file) => file !== HOME)
      .flatMap((file) =>
        readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (YES_NO_WRITTEN_OUT.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(elsewhere).toEqual([]);
  });

  it('no other shared file declares a generic rule again (collect-fields.ts and domains.ts held them)', () => {
    expect(files.filter((file) => /^src\/shared\//.test(file) && file !== HOME && /export const (yesNo|flag|code|day|relativePath)\b/.test(readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
  });
});
