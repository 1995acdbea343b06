import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's import graph, read from the source: every relative `from '…'` / `import('…')` of
 * every server/**\/*.ts file, resolved to a file. The layers these tests keep (docs/architecture.md):
 * server/modules/* may use server/collect/*, never the other way; inside the collect domain the
 * job engine (collect/jobs) reads the resources' queries but never their routes; no file reaches
 * itself through its imports.
 */
const root = path.resolve(__dirname, '../..');
const serverDir = path.join(root, 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

const files = sourceFiles(serverDir);
const known = new Set(files);

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, path.join(base, 'index.ts'), base].find((candidate) => known.has(candidate));
}

/** `import … from` / `export … from` (clause: names, braces, `* as`), side-effect and dynamic imports. */
const STATEMENT = /\b(import|export)\s+(type\s+)?[\w\s{},*$]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|^import\s+['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

interface Edge {
  from: string;
  to: string;
  /** `import type`: erased at run time, so it closes no cycle, but it still crosses a layer. */
  typeOnly: boolean;
}

const edges: Edge[] = files.flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(STATEMENT)].flatMap((match) => {
    const target = resolve(file, match[3] ?? match[4] ?? match[5]);
    return target ? [{ from: rel(file), to: rel(target), typeOnly: match[2] !== undefined }] : [];
  }),
);

/** server-relative path → the server files it needs at run time. */
const graph = new Map<string, string[]>(files.map((file) => [rel(file), []]));
for (const edge of edges) if (!edge.typeOnly) graph.get(edge.from)!.push(edge.to);

function rel(file: string): string {
  return path.relative(serverDir, file).split(path.sep).join('/');
}

/** A route plugin: a resource folder's index.ts (it registers the routes). */
const isCollectRoutes = (file: string) => /^collect\/(?!jobs\/)[^/]+\/index\.ts$/.test(file);

/** Cycles found by depth-first search, each as the path that closes it. */
function cycles(): string[][] {
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

describe('server import layers', () => {
  it('reads the graph (the collect engine and its resources are where the checks look)', () => {
    expect(graph.has('collect/jobs/run-task.ts')).toBe(true);
    expect(graph.get('collect/jobs/run-task.ts')).toContain('collect/collect-configs/queries.ts');
    expect(graph.get('collect/collect-configs/index.ts')).toContain('collect/jobs/task-store.ts');
  });

  it('the collect domain imports nothing under server/modules', () => {
    expect(edges.filter(({ from, to }) => from.startsWith('collect/') && to.startsWith('modules/'))).toEqual([]);
  });

  it('the job engine imports no route plugin', () => {
    expect(edges.filter(({ from, to }) => from.startsWith('collect/jobs/') && (isCollectRoutes(to) || to.startsWith('modules/')))).toEqual([]);
  });

  it('the low-level folders (secrets, outbound, http, db, mail, files) import neither modules nor collect', () => {
    const lowLevel = /^(secrets|outbound|http|mail|files)\//;
    // Migrations seed from the code they describe (018 takes the default alert mail's text).
    const seedsFrom = (from: string) => from.startsWith('db/migrations/');
    expect(edges.filter(({ from, to }) => (lowLevel.test(from) || (from.startsWith('db/') && !seedsFrom(from))) && /^(modules|collect)\//.test(to))).toEqual([]);
  });

  it('no file reaches itself through its run-time imports', () => {
    expect(cycles()).toEqual([]);
  });
});
