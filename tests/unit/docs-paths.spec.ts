import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles } from '../../src/testing/repoFiles';

/**
 * The documents name files of this repository, and comments and documents cite sections of the
 * specification (docs/spec.md) as "SPEC §n". A moved or renamed file, or a section that is not
 * there, fails here instead of misleading the next reader.
 */
const root = path.resolve(__dirname, '../..');
const TREES = ['src', 'server', 'tests', 'bench', 'scripts', 'docs', 'deploy', '.ci', 'public'];

/** Every file of the repository, as a repository-relative path with forward slashes. */
const files = [
  ...readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name),
  ...repoFiles(TREES, { names: null, specs: true }),
];

const escape = (text: string) => text.replace(/[.+?^$()|[\]\\]/g, '\\$&');

/**
 * A named path as a pattern over file paths: `*` one segment's characters, `**` anything,
 * `<name>` a placeholder segment, `{a,b}` either; a trailing `/` names a folder (any file in it).
 */
function pattern(named: string): RegExp {
  const body = named
    .split(/(\*\*\/?|\*|<[^>]+>|\{[^}]+\})/)
    .map((part) => {
      if (part.startsWith('**')) return '.*';
      if (part === '*') return '[^/]*';
      if (part.startsWith('<')) return '[^/]+';
      if (part.startsWith('{')) return `(?:${part.slice(1, -1).split(',').map(escape).join('|')})`;
      return escape(part);
    })
    .join('');
  return new RegExp(`^${body}${named.endsWith('/') ? '.+' : '(?:/.+)?'}$`);
}

const exists = (named: string) => {
  const re = pattern(named);
  return files.some((file) => re.test(file));
};

/** A path from the repository's root: one of the top folders, then a path (globs and placeholders allowed). */
const ROOTED = new RegExp(String.raw`(?<![\w.@/<-])(?:${TREES.map(escape).join('|')})/(?:[\w.*<>/-]|\{[\w.,-]+\})*`, 'g');
/** Inside backticks: a path below some folder (`providers/httpClient.ts`), or a file's bare name. */
const RELATIVE = /^[\w.-]+(?:\/[\w.<>*-]+)+\.(?:tsx?|m?js|json|md|sql|ya?ml|conf|html|css)$/;
const BARE = /^[\w.-]+\.(?:tsx?|m?js|json|md|sql|ya?ml|conf|html|css)$|^Dockerfile$/;
/** Files the documents name that live elsewhere: inside a backup archive, or served at run time. */
const NOT_REPOSITORY_FILES = new Set(['backup.json', 'openapi.json', 'index.html.gz']);

interface Named {
  doc: string;
  path: string;
  found: boolean;
}

function namedPaths(doc: string): Named[] {
  const text = readFileSync(path.join(root, doc), 'utf8');
  const named: Named[] = [];
  const add = (candidate: string, found: boolean) => named.push({ doc, path: candidate, found });
  for (const [match] of text.matchAll(ROOTED)) {
    const candidate = match.replace(/\.+$/, '');
    add(candidate, exists(candidate));
  }
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    if (RELATIVE.test(span) && !new RegExp(`^(?:${TREES.map(escape).join('|')})/`).test(span)) {
      add(
        span,
        files.some((file) => pattern(`**/${span}`).test(file)),
      );
    } else if (BARE.test(span) && !NOT_REPOSITORY_FILES.has(span)) {
      add(
        span,
        files.some((file) => file === span || file.endsWith(`/${span}`)),
      );
    }
  }
  for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
    if (/^[a-z]+:/.test(target)) continue;
    const candidate = path.posix.normalize(path.posix.join(path.posix.dirname(doc), target));
    add(candidate, exists(candidate));
  }
  return named;
}

const docs = ['README.md', ...readdirSync(path.join(root, 'docs')).flatMap((name) => (name.endsWith('.md') ? [`docs/${name}`] : []))];

describe('the documents name files that exist', () => {
  const named = docs.flatMap(namedPaths);

  it('finds the paths of every document but the specification', () => {
    for (const doc of docs.filter((name) => name !== 'docs/spec.md')) expect(named.filter((entry) => entry.doc === doc).length, doc).toBeGreaterThan(0);
    expect(named.length).toBeGreaterThan(300);
  });

  it('every named path, folder or pattern matches a file of the repository', () => {
    expect(named.filter((entry) => !entry.found).map((entry) => `${entry.doc}: ${entry.path}`)).toEqual([]);
  });
});

describe('"SPEC §n" in a comment or a document names a section of docs/spec.md', () => {
  const sections = new Set([...readFileSync(path.join(root, 'docs/spec.md'), 'utf8').matchAll(/^#{2,} (\d+(?:\.\d+)*)\. /gm)].map((match) => match[1]));
  const sources = [...repoFiles(['src', 'server', 'tests'], { names: null, specs: true }), ...docs].filter((file) => /\.(?:tsx?|md)$/.test(file) && file !== 'docs/spec.md');
  const cited = sources.flatMap((file) => [...readFileSync(path.join(root, file), 'utf8').matchAll(/SPEC §(\d+(?:\.\d+)*)/g)].map((match) => ({ file, section: match[1] })));

  it('the specification has its numbered sections and the code cites them', () => {
    expect(sections.size).toBeGreaterThan(5);
    expect(cited.length).toBeGreaterThan(100);
  });

  it('every cited section exists', () => {
    expect(cited.filter(({ section }) => !sections.has(section)).map(({ file, section }) => `${file}: SPEC §${section}`)).toEqual([]);
  });
});
