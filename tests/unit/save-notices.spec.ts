import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resourcesEn } from '../../src/i18n/resources/index.en';
import { ko } from '../../src/i18n/ko';

/**
 * No save ends with react-admin's "Element updated": every Create and Edit screen of src/resources
 * (found by scanning for `<Create` / `<Edit`) names what was saved, through useSaveNotice (whose
 * words, resources.<folder>.notifications.<created|updated>, must exist in both languages) or its
 * own onSuccess notice.
 */
const ROOT = join(__dirname, '../..');

function screens(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return screens(path);
    return path.endsWith('.tsx') && !path.endsWith('.spec.tsx') && /<(Create|Edit)\b/.test(readFileSync(path, 'utf8')) ? [path] : [];
  });
}

type Catalogue = Record<string, { notifications?: Record<string, string> } | undefined>;
const files = screens(join(ROOT, 'src/resources'));

describe('save notices', () => {
  it('finds the create and edit screens', () => {
    expect(files.length).toBeGreaterThan(15);
  });

  it.each(files.map((file) => [relative(ROOT, file), file]))('%s says what it saved, in both languages', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const notice = /useSaveNotice\('(created|updated)'/.exec(text);
    if (!notice) {
      expect(text).toMatch(/onSuccess[\s\S]*notify\('resources\./);
      return;
    }
    const resource = basename(dirname(file));
    for (const catalogue of [resourcesEn as Catalogue, ko.resources as Catalogue]) expect(catalogue[resource]?.notifications?.[notice[1]], resource).toEqual(expect.any(String));
  });
});
