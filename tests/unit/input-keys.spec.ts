import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A word a caller types (a filter's value, a field name in a body, a cell of an upload) used as a key
 * into a plain object finds Object.prototype's members: "constructor" is a function there, and the
 * code that expected a record of its own answers 500. So a constant keyed by any string (typed
 * Record<string, …> or with a string index signature) is a Map, or each lookup checks Object.hasOwn
 * first. This walks every module of the server and of src/shared for such constants and their lookups.
 */

const ROOT = join(import.meta.dirname, '../..');
const FOLDERS = ['server', 'src/shared'];
/** Constants whose keys never come from a caller, and why. */
const NOT_CALLER_KEYS: Record<string, string> = {
  ACTIVITY_ROUTES: "its key is the matched route's own method and declared URL pattern, never text a caller typed",
};

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.spec\.tsx?$/.test(file) && !file.includes('migrations'))
    .map((file) => join(ROOT, folder, file));
}
const files = FOLDERS.flatMap(sources).map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }));

/** Module-level constants keyed by any string. */
const stringKeyed = files.flatMap(({ path, text }) =>
  [...text.matchAll(/^(?:export )?const ([A-Za-z_$][\w$]*)\s*:\s*([^=]*?)\s*=/gm)].filter(([, , type]) => /Record<string\b|\[\w+: string\]/.test(type)).map(([, name]) => ({ name, path })),
);

describe('constants keyed by any string', () => {
  it('are found by the walk', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(stringKeyed.length).toBeGreaterThan(3);
  });

  it('are looked up only as a Map, or after Object.hasOwn', () => {
    const unguarded = stringKeyed
      .filter(({ name }) => !Object.hasOwn(NOT_CALLER_KEYS, name))
      .flatMap(({ name }) =>
        files.flatMap(({ path, text }) =>
          text
            .split('\n')
            .map((line, index) => ({ line, at: `${path}:${index + 1}` }))
            .filter(({ line }) => new RegExp(`(?<![\\w$.])${name}\\s*(\\?\\.)?\\[|\\bin\\s+${name}\\b`).test(line) && !line.includes(`Object.hasOwn(${name},`))
            .map(({ line, at }) => `${at} ${name}: ${line.trim()}`),
        ),
      );
    expect(unguarded).toEqual([]);
  });
});
