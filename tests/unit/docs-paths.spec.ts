import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles } from '../../src/testing/repoFiles';

/**
 * The documents name files of this repository, and neither they nor the code cite what lives
 * outside it. A moved or renamed file, or a citation a reader cannot follow, fails here instead of
 * misleading the next reader.
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

const docs = [
  'README.md',
  ...(existsSync(path.join(root, 'CHANGELOG.md')) ? ['CHANGELOG.md'] : []),
  ...readdirSync(path.join(root, 'docs')).flatMap((name) => (name.endsWith('.md') ? [`docs/${name}`] : [])),
];

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

/** A document's text with its fenced code blocks blanked, so a heading or link inside one is not taken as Markdown. */
const prose = (doc: string) => readFileSync(path.join(root, doc), 'utf8').replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');

/** A heading's anchor as GitHub makes it: the text without link targets and code marks, lower-cased, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');

/** The anchors GitHub gives a document's headings: the text lower-cased, punctuation dropped, spaces as hyphens, repeats numbered. */
const anchorsByDoc = new Map<string, Set<string>>();
function anchorsOf(doc: string): Set<string> {
  const known = anchorsByDoc.get(doc);
  if (known) return known;
  const anchors = new Set<string>();
  anchorsByDoc.set(doc, anchors);
  const seen = new Map<string, number>();
  for (const [, heading] of prose(doc).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const anchor = slug(heading);
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
  }
  return anchors;
}

interface Link {
  doc: string;
  target: string;
  anchor?: string;
}

/** Every relative Markdown link of a document (inline `[text](target)`), web and mail addresses left out. */
function linksOf(doc: string): Link[] {
  return [...prose(doc).matchAll(/\]\(<?([^)\s>]*)>?(?:\s+"[^"]*")?\)/g)].flatMap(([, href]) => {
    if (/^[a-z][a-z+.-]*:/i.test(href)) return [];
    const [file, anchor] = href.split('#', 2);
    const target = file === '' ? doc : path.posix.normalize(path.posix.join(path.posix.dirname(doc), decodeURIComponent(file)));
    return [{ doc, target, anchor }];
  });
}

describe('every link of the documents reaches a file, a folder or a heading', () => {
  const links = docs.flatMap(linksOf);

  it('finds the links of the map and the decision records', () => {
    expect(links.filter((link) => link.doc === 'docs/architecture.md').length).toBeGreaterThan(40);
    expect(links.filter((link) => link.doc === 'docs/decisions.md' && link.anchor).length).toBeGreaterThan(40);
  });

  it('every linked path exists in the repository', () => {
    expect(links.filter((link) => link.target.startsWith('..') || !existsSync(path.join(root, link.target))).map((link) => `${link.doc}: ${link.target}`)).toEqual([]);
  });

  it('every #anchor names a heading of the linked document', () => {
    const broken = links.filter((link) => {
      if (link.anchor === undefined) return false;
      const file = path.join(root, link.target);
      if (!existsSync(file) || statSync(file).isDirectory() || !link.target.endsWith('.md')) return true;
      return !anchorsOf(link.target).has(link.anchor);
    });
    expect(broken.map((link) => `${link.doc}: ${link.target}#${link.anchor}`)).toEqual([]);
  });
});

describe('the documents and the code stand alone', () => {
  /**
   * Issue numbers, the briefs and the shared notes folder live outside the repository, and a
   * section number of the specification says nothing to a reader without it at hand: a comment,
   * a test's name or a document says the reason itself instead. `src/shared/` is the repository's
   * own; the notes folder is looked for in the documents only, as imports name `../shared/` too.
   */
  const OUTSIDE = [
    { what: 'an issue number', pattern: /\bissues?[\s#-]*\d+/gi },
    { what: 'a section of the specification', pattern: /\bSPEC(?:\.md)? *§/g },
    { what: 'the specification by its short name', pattern: /\bSPEC\b(?! *§|\.md)/g },
    { what: 'a DESIGN section', pattern: /\bDESIGN(?:\.md)? *§/g },
    { what: 'the design or style brief', pattern: /\b(?:DESIGN|STYLE|SPEC)\.md\b/g },
    { what: 'the shared notes folder', pattern: /(?<!src\/)(?<![\w-])shared\//g, documentsOnly: true },
  ];

  /** What a text cites from outside, as `file:line: what: "match"`. */
  const citations = (file: string, text: string, skip: (line: string) => boolean = () => false) =>
    text
      .split('\n')
      .flatMap((line, index) =>
        skip(line)
          ? []
          : OUTSIDE.filter(({ documentsOnly }) => !documentsOnly || file.endsWith('.md')).flatMap(({ what, pattern }) =>
              [...line.matchAll(pattern)].map((match) => `${file}:${index + 1}: ${what}: "${match[0]}"`),
            ),
      );

  it.each(docs)('%s cites nothing outside the repository', (doc) => {
    expect(citations(doc, readFileSync(path.join(root, doc), 'utf8'))).toEqual([]);
  });

  /** Every source, test, script and document of the repository, committed or not; the changelog is history. */
  const sources = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', 'src', 'server', 'tests', 'scripts', 'bench', 'docs', 'README.md'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => /\.(?:tsx?|m?js|md|json)$/.test(file) && existsSync(path.join(root, file)));
  const self = path.relative(root, __filename).split(path.sep).join('/');

  it('every source file cites nothing outside the repository', () => {
    expect(sources).toContain(self);
    expect(sources.length).toBeGreaterThan(500);
    // This file's own patterns name what they look for.
    const found = sources.flatMap((file) => citations(file, readFileSync(path.join(root, file), 'utf8'), (line) => file === self && line.includes('pattern: /')));
    expect(found).toEqual([]);
  });
});

describe('docs/decisions.md is a list of dated records', () => {
  const text = prose('docs/decisions.md');
  const anchors = anchorsOf('docs/decisions.md');
  const records = text.split(/^### /m).slice(1);

  it('has its records', () => {
    expect(records.length).toBeGreaterThan(40);
  });

  /** Its second line: `Date: YYYY-MM-DD · Status: accepted`, or `superseded by` a link to the record that replaced it. */
  const STAMP = /^Date: (\d{4}-\d{2}-\d{2}) · Status: (?:accepted|superseded by \[[^\]]+\]\(#([^)]+)\))\\?$/;

  it.each(records.map((record) => [record.split('\n', 1)[0], record.split('\n')[1]]))('"%s" has a date and a status', (_title, stamp) => {
    expect(stamp).toMatch(STAMP);
  });

  it('a superseded record names a record that exists, no older than itself', () => {
    const dates = new Map(records.map((record) => [slug(record.split('\n', 1)[0]), record.split('\n')[1].match(STAMP)?.[1] ?? '']));
    const superseded = records.flatMap((record) => {
      const stamp = record.split('\n')[1].match(STAMP);
      return stamp?.[2] ? [{ record: record.split('\n', 1)[0], date: stamp[1], by: stamp[2] }] : [];
    });
    expect(superseded.length).toBeGreaterThan(0);
    expect(superseded.filter(({ by }) => !anchors.has(by)).map(({ record, by }) => `${record} → #${by}`)).toEqual([]);
    expect(superseded.filter(({ date, by }) => (dates.get(by) ?? '') < date).map(({ record, by }) => `${record} → #${by}`)).toEqual([]);
  });

  it('the index at the top links every record', () => {
    const index = text.slice(0, text.search(/^### /m));
    const linked = new Set([...index.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]));
    expect(records.map((record) => slug(record.split('\n', 1)[0])).filter((anchor) => !linked.has(anchor))).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  it('is a one-page map: at most 200 lines, under headings', () => {
    const text = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    expect(text.trimEnd().split('\n').length).toBeLessThanOrEqual(200);
    expect(text.match(/^## /gm)?.length).toBeGreaterThan(3);
  });
});
