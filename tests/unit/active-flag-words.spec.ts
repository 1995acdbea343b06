import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeSetOf, exportColumns } from '../../server/http/export-cells';
import { declarations } from '../../server/http/resource-declarations';
import { translatorFor } from '../../server/modules/activity/words';

/*
 * A Y/N flag a screen draws as an Active / Inactive chip (ActiveFlagField, a card's activeLine) is
 * worded so in its schema too (the activeFlag code set), so its export writes the words the screen
 * shows and not Yes / No. The places are found in the screens' source, resource by resource.
 */

const RESOURCES_DIR = join(import.meta.dirname, '../../src/resources');

/** Each resource folder's fields drawn as an Active / Inactive chip. */
function chipFields(): { resource: string; field: string }[] {
  return readdirSync(RESOURCES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap(({ name: resource }) => {
      const source = readdirSync(join(RESOURCES_DIR, resource))
        .filter((file) => /\.tsx?$/.test(file) && !/\.spec\./.test(file))
        .map((file) => readFileSync(join(RESOURCES_DIR, resource, file), 'utf8'))
        .join('\n');
      const fields = new Set<string>();
      for (const [, field] of source.matchAll(/<ActiveFlagField(?:\s+source="(\w+)")?/g)) fields.add(field ?? 'activeFlag');
      for (const [, field] of source.matchAll(/activeLine\((?:'(\w+)')?\)/g)) fields.add(field ?? 'activeFlag');
      return [...fields].map((field) => ({ resource, field }));
    });
}

const places = chipFields();

describe('a flag shown as Active / Inactive', () => {
  it('is found on the screens of every resource that has one', () => {
    expect(new Set(places.map((place) => place.resource)).size).toBeGreaterThanOrEqual(8);
  });

  it.each(places)('$resource.$field: its schema says so, and its export writes the chip’s words', ({ resource, field }) => {
    const declaration = declarations.find((one) => one.name === resource);
    expect(declaration, `${resource} is a declared resource`).toBeDefined();
    expect(codeSetOf(declaration!, field)).toBe('activeFlag');
    for (const language of ['en', 'ko'] as const) {
      const t = translatorFor(language);
      const [words, code] = exportColumns(declaration!, [field], t, 'UTC');
      expect([words.cell({ [field]: 'Y' }), words.cell({ [field]: 'N' }), code.cell({ [field]: 'N' })]).toEqual([t('console.codes.activeFlag.Y'), t('console.codes.activeFlag.N'), 'N']);
    }
  });
});
