import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deleteModeOf, pessimisticDeletes } from '../../src/resources/deleteModes';
import { resourcesEn } from '../../src/i18n/resources/index.en';
import { ko } from '../../src/i18n/ko';

/**
 * Every delete the console offers goes through one rule (src/resources/deleteModes.ts): it asks
 * first, then is undoable unless the rule says why it waits for the server. Found by scanning the
 * console's source (specs aside):
 * - react-admin's own delete buttons and controllers are used only by the console's delete button
 *   (src/resources/ConsoleDeleteButton.tsx), which asks and takes the mode from the rule;
 * - an edit form names its toolbar, since react-admin's default one carries its own delete button;
 * - a delete called by hand (useDelete, useDeleteMany) takes its mode from the rule.
 */
const ROOT = join(__dirname, '../..');
const SHARED_BUTTON = 'src/resources/ConsoleDeleteButton.tsx';

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(path) && !/\.spec\.tsx?$/.test(path) ? [relative(ROOT, path)] : [];
  });
}

const files = sources(join(ROOT, 'src')).map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));

const REACT_ADMIN_DELETES = [
  'DeleteButton',
  'DeleteWithConfirmButton',
  'DeleteWithUndoButton',
  'BulkDeleteButton',
  'BulkDeleteWithConfirmButton',
  'BulkDeleteWithUndoButton',
  'useDeleteController',
  'useDeleteWithConfirmController',
  'useDeleteWithUndoController',
  'useBulkDeleteController',
];

const reactAdminImports = (text: string) =>
  [...text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'react-admin'/g)].flatMap((match) => match[1].split(',').map((name) => name.trim().split(/\s+as\s+/)[0]));

/** Every use of the console's delete buttons, one entry per place a person can delete from. */
const buttonUses = files.flatMap(({ path, text }) =>
  path === SHARED_BUTTON ? [] : [...text.matchAll(/<(ConsoleDeleteButton|ConsoleBulkDeleteButton|ConsoleEditToolbar)\b/g)].map((match) => ({ path, kind: match[1] })),
);

/** Every delete called by hand: `const [remove] = useDelete()` and each `remove('resource', …, {…})`. */
const handCalls = files.flatMap(({ path, text }) =>
  [...text.matchAll(/const \[(\w+)[^\]]*\] = useDelete(?:Many)?\(/g)].flatMap(([, name]) =>
    [...text.matchAll(new RegExp(`\\b${name}\\(\\s*'([^']+)'([\\s\\S]*?)\\n\\s{0,6}\\);`, 'g'))].map(([, resource, rest]) => ({ path, resource, rest })),
  ),
);

describe('every delete asks, then offers Undo unless the rule says why not', () => {
  it('finds the deletes: buttons, bulk buttons, edit toolbars and hand-made calls', () => {
    const count = (kind: string) => buttonUses.filter((use) => use.kind === kind).length;
    // Today: 3 delete buttons, 7 bulk deletes, 8 edit toolbars, 3 hand-made deletes (21 places).
    expect({ buttons: count('ConsoleDeleteButton'), bulk: count('ConsoleBulkDeleteButton'), editToolbars: count('ConsoleEditToolbar'), byHand: handCalls.length }).toEqual({
      buttons: expect.any(Number),
      bulk: expect.any(Number),
      editToolbars: expect.any(Number),
      byHand: expect.any(Number),
    });
    expect(buttonUses.length + handCalls.length).toBeGreaterThanOrEqual(21);
  });

  it("uses react-admin's own delete buttons and controllers only in the console's delete button", () => {
    const bypassing = files.filter(({ path, text }) => path !== SHARED_BUTTON && reactAdminImports(text).some((name) => REACT_ADMIN_DELETES.includes(name))).map(({ path }) => path);
    expect(bypassing).toEqual([]);
  });

  it("gives every edit form a toolbar of its own (react-admin's default carries its own delete)", () => {
    const editScreens = files.filter(({ text }) => /<(Edit|EditBase)\b/.test(text));
    expect(editScreens.length).toBeGreaterThan(10);
    // The forms inside each <Edit>…</Edit>; an opening tag runs to the first `>` that ends a line.
    const withDefaultToolbar = editScreens.flatMap(({ path, text }) =>
      [...text.matchAll(/<(Edit|EditBase)\b[\s\S]*?<\/\1>/g)].flatMap(([edit]) =>
        [...edit.matchAll(/<(SimpleForm|TabbedForm|\w+Form)\b[\s\S]*?>\n/g)].filter(([tag]) => !/\btoolbar=/.test(tag)).map(([tag]) => `${path}: ${tag.trim()}`),
      ),
    );
    expect(withDefaultToolbar).toEqual([]);
  });

  it.each(handCalls.map((call) => [`${call.path}: ${call.resource}`, call]))('%s takes its mode from the rule', (_name, call) => {
    expect(call.rest).toContain(`mutationMode: deleteModeOf('${call.resource}')`);
    // An undoable one raises the notice with Undo that also holds the record back from lists fetched meanwhile.
    if (deleteModeOf(call.resource) === 'undoable') expect(call.rest).toMatch(/onSuccess: \(\) => deletedWithUndo\(/);
  });

  it.each(Object.entries(pessimisticDeletes))('%s waits for the server because %s', (resource, why) => {
    expect(deleteModeOf(resource)).toBe('pessimistic');
    expect(why.length).toBeGreaterThan(20);
  });

  it.each([...new Set(buttonUses.map((use) => basename(dirname(use.path))))])('%s says "deleted" in its own words in both languages', (resource) => {
    for (const catalogue of [resourcesEn, ko.resources] as Record<string, { notifications?: Record<string, string> }>[]) {
      expect(catalogue[resource]?.notifications?.deleted, resource).toEqual(expect.any(String));
    }
  });
});
