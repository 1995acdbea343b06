import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { fromRoot, repoFiles } from '../../src/testing/repoFiles';

/**
 * The import graph of both halves, read from the source: every import, re-export and `import()` of
 * every server/ and src/ file (specs left out), resolved as TypeScript resolves it. The layers these
 * tests keep (docs/architecture.md):
 * - server/modules/* may use server/collect/*, never the other way; server/http (routes) may use
 *   server/db (queries), never the other way, not even for a type; inside the collect domain the job
 *   engine (collect/jobs) reads the resources' queries but never their routes; a migration reads only
 *   the db helpers, so it writes what it wrote when it was made;
 * - in src/, each folder imports only its own layer and those below it (SRC_LAYERS): shared ←
 *   i18n/theme ← providers/components ← profile ← layout/pages/resources/routes ← App;
 *   components and providers never reach resources, not even lazily;
 * - the server reads src/shared and the labels in src/i18n (its exports speak the reader's language)
 *   alone, and src/ never reads the server;
 * - no file reaches itself through its run-time imports; `import type` is erased and `import()` is
 *   deliberate lazy loading (the routes' loaders load App and its screens), so neither closes a cycle.
 */
const root = path.resolve(__dirname, '../..');

const files = repoFiles(['server', 'src']).map(fromRoot);
const known = new Set(files);
const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

const options: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, jsx: ts.JsxEmit.ReactJSX, allowImportingTsExtensions: true };
const host = ts.createCompilerHost(options);

/** `static` runs when the module loads; `type` is erased; `dynamic` loads on demand (import()). */
type Kind = 'static' | 'type' | 'dynamic';

interface Edge {
  from: string;
  to: string;
  kind: Kind;
}

/**
 * The relative specifiers a glob of one wildcard (all the console uses) matches from `dir`: folders
 * holding a file (a wildcard then `/index.ts`) or file names (`./*.en.ts`); a `!` pattern leaves one out.
 */
function globMatches(dir: string, patterns: string[]): string[] {
  const excluded = new Set(patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1)));
  return patterns
    .filter((pattern) => !pattern.startsWith('!'))
    .flatMap((pattern) => {
      const [prefix, suffix] = pattern.split('*');
      const base = path.resolve(dir, prefix);
      const entries = readdirSync(base, { withFileTypes: true });
      if (suffix.includes('/')) return entries.filter((entry) => entry.isDirectory() && existsSync(path.join(base, entry.name + suffix))).map((entry) => `${prefix}${entry.name}${suffix}`);
      return entries.filter((entry) => entry.isFile() && entry.name.endsWith(suffix)).map((entry) => `${prefix}${entry.name}`);
    })
    .filter((specifier) => !excluded.has(specifier));
}

/** The module specifiers of one file with how each is imported. */
function imports(file: string): { specifier: string; kind: Kind }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { specifier: string; kind: Kind }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      // `import { type A, type B }` is erased as a whole, like `import type`.
      const onlyTypes =
        clause !== undefined &&
        (clause.isTypeOnly || (!clause.name && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, kind: onlyTypes ? 'type' : 'static' });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, kind: node.isTypeOnly ? 'type' : 'static' });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push({ specifier: node.arguments[0].text, kind: 'dynamic' });
    } else if (ts.isCallExpression(node) && node.expression.getText(source) === 'import.meta.glob' && node.arguments[0]) {
      // Vite's glob import (the browser registry finds its resources, the label indexes their files, by folder): one edge per matched file, static when eager.
      const argument = node.arguments[0];
      const patterns = ts.isArrayLiteralExpression(argument) ? argument.elements.filter(ts.isStringLiteral).map((element) => element.text) : ts.isStringLiteral(argument) ? [argument.text] : [];
      const eager = node.arguments[1]?.getText(source).includes('eager: true') ?? false;
      for (const match of globMatches(path.dirname(file), patterns)) found.push({ specifier: match, kind: eager ? 'static' : 'dynamic' });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, kind: 'type' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Imports that resolve to a repository file (packages are no layer of ours). */
const edges: Edge[] = files.flatMap((file) =>
  imports(file).flatMap(({ specifier, kind }) => {
    const resolved = ts.resolveModuleName(specifier, file, options, host).resolvedModule?.resolvedFileName;
    return resolved && known.has(path.resolve(resolved)) ? [{ from: rel(file), to: rel(path.resolve(resolved)), kind }] : [];
  }),
);

/** The edges whose importer and imported file both lie under `prefix`, with the prefix taken off. */
function within(prefix: string): Edge[] {
  return edges.filter(({ from, to }) => from.startsWith(prefix) && to.startsWith(prefix)).map(({ from, to, kind }) => ({ from: from.slice(prefix.length), to: to.slice(prefix.length), kind }));
}

const server = within('server/');
const browser = within('src/');

/** Cycles over run-time (static) imports found by depth-first search, each as the path that closes it. */
function cycles(): string[][] {
  const graph = new Map<string, string[]>(files.map((file) => [rel(file), []]));
  for (const { from, to, kind } of edges) if (kind === 'static') graph.get(from)!.push(to);
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

/** A route plugin: a resource folder's index.ts (it registers the routes). */
const isCollectRoutes = (file: string) => /^collect\/(?!jobs\/)[^/]+\/index\.ts$/.test(file);

/**
 * src/'s layers, lowest first: a file may import its own layer and those below. testing/ is test
 * support, above everything (only specs import it).
 */
const SRC_LAYERS: Record<string, number> = {
  shared: 0,
  i18n: 1,
  theme: 1,
  providers: 2,
  components: 2,
  profile: 3,
  layout: 4,
  pages: 4,
  resources: 4,
  routes: 4,
  'App.tsx': 5,
  'main.tsx': 5,
  testing: 6,
};
const layerOf = (file: string) => SRC_LAYERS[file.split('/')[0]];

describe('import layers', () => {
  it('reads the graph (the places the checks look are in it, with their kinds)', () => {
    const has = (list: Edge[], from: string, to: string, kind: Kind) => list.some((edge) => edge.from === from && edge.to === to && edge.kind === kind);
    expect(has(server, 'collect/jobs/run-task.ts', 'collect/collect-configs/queries.ts', 'static')).toBe(true);
    expect(has(server, 'collect/collect-configs/index.ts', 'collect/jobs/task-store.ts', 'static')).toBe(true);
    expect(has(server, 'http/crud-routes.ts', 'db/store.ts', 'static')).toBe(true);
    expect(has(server, 'db/table-store.ts', 'db/list-page.ts', 'static')).toBe(true);
    expect(has(browser, 'App.tsx', 'resources/registry.ts', 'static')).toBe(true);
    expect(has(browser, 'routes/signedInFrame.ts', 'App.tsx', 'dynamic')).toBe(true);
    expect(has(browser, 'routes/RankGuard.tsx', 'providers/authProvider.ts', 'type')).toBe(true);
    expect(has(browser, 'resources/registry.ts', 'resources/users/index.ts', 'static')).toBe(true);
    expect(has(browser, 'i18n/resources/index.en.ts', 'i18n/resources/projects.en.ts', 'static')).toBe(true);
    expect(has(browser, 'i18n/resources/index.ko.ts', 'i18n/resources/index.ko.ts', 'static')).toBe(false);
    expect(edges.some(({ from, to }) => from === 'server/config.ts' && to === 'src/shared/validation.ts')).toBe(true);
    // Every top-level entry of src/ has a layer, so a new folder is placed deliberately.
    expect(readdirSync(path.join(root, 'src')).filter((entry) => SRC_LAYERS[entry] === undefined)).toEqual([]);
  });

  it('the collect domain imports nothing under server/modules', () => {
    expect(server.filter(({ from, to }) => from.startsWith('collect/') && to.startsWith('modules/'))).toEqual([]);
  });

  it('the job engine imports no route plugin', () => {
    expect(server.filter(({ from, to }) => from.startsWith('collect/jobs/') && (isCollectRoutes(to) || to.startsWith('modules/')))).toEqual([]);
  });

  it('the low-level folders (secrets, outbound, http, db, mail, files) import neither modules nor collect', () => {
    expect(server.filter(({ from, to }) => /^(secrets|outbound|http|db|mail|files)\//.test(from) && /^(modules|collect)\//.test(to))).toEqual([]);
  });

  it('server/db never imports server/http, not even for a type: queries sit below the routes that call them', () => {
    expect(server.filter(({ from, to }) => from.startsWith('db/') && to.startsWith('http/'))).toEqual([]);
  });

  it('a migration imports only the db helpers: no live module, no shared rule, no default that may change', () => {
    const dbHelper = (to: string) => to.startsWith('server/db/migrations/') || to === 'server/db/database.ts';
    expect(edges.filter(({ from, to }) => from.startsWith('server/db/migrations/') && !dbHelper(to))).toEqual([]);
  });

  it('the server reads src/shared and src/i18n alone, and src/ never reads the server', () => {
    const serverReadsBrowser = ({ from, to }: Edge) => from.startsWith('server/') && to.startsWith('src/') && !/^src\/(shared|i18n)\//.test(to);
    expect(edges.filter((edge) => serverReadsBrowser(edge) || (edge.from.startsWith('src/') && edge.to.startsWith('server/')))).toEqual([]);
  });

  it('in src/, a file imports only its own layer and those below (import() aside: the loaders load upward)', () => {
    expect(browser.filter(({ from, to, kind }) => kind !== 'dynamic' && layerOf(to) > layerOf(from))).toEqual([]);
  });

  it('components and providers never reach resources, and shared reaches nothing above it, not even lazily', () => {
    expect(browser.filter(({ from, to }) => (/^(components|providers)\//.test(from) && to.startsWith('resources/')) || (from.startsWith('shared/') && !to.startsWith('shared/')))).toEqual([]);
  });

  it('no file reaches itself through its run-time imports', () => {
    expect(cycles()).toEqual([]);
  });
});
