import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The repository's root folder. */
export const REPO_ROOT = path.resolve(__dirname, '../..');

interface Walk {
  /** File names kept; TypeScript sources by default, `null` for every file. */
  names?: RegExp | null;
  /** Spec files (`*.spec.ts(x)`) kept too; left out by default, as the rules are about shipped code. */
  specs?: boolean;
}

/**
 * Every file under the repository-relative `folders`, as repository-relative paths with forward
 * slashes, in name order, node_modules left out. The one walker of the tests that read the source
 * tree (rules over every file: layers, names, messages, exports); read from disk, not git, so a
 * new file is checked before it is committed.
 */
export function repoFiles(folders: string | readonly string[], { names = /\.tsx?$/, specs = false }: Walk = {}): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(path.join(REPO_ROOT, folder), { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((entry) => {
        const relative = `${folder}/${entry.name}`;
        if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(relative);
        if (names && !names.test(entry.name)) return [];
        return specs || !/\.spec\.tsx?$/.test(entry.name) ? [relative] : [];
      });
  return (typeof folders === 'string' ? [folders] : folders).flatMap(walk);
}

/** A repository-relative path as an absolute one. */
export const fromRoot = (relative: string) => path.join(REPO_ROOT, relative);
