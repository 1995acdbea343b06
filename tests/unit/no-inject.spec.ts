import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { fromRoot, repoFiles } from '../../src/testing/repoFiles';

/**
 * The server never calls itself over HTTP: a write hands the activity recorder the record as it was
 * and as it is, and nothing sends a second request through auth, the routes and the store with
 * Fastify's `inject`. Every server file is read as a syntax tree (a comment or a word in a string
 * does not count), the activity recorder's among them.
 */
const files = repoFiles('server');
const RECORDER = 'server/modules/activity/recorder.ts';

/** `inject(…)` or `<anything>.inject(…)`, with the line it is on. */
function injectCalls(file: string, text = readFileSync(fromRoot(file), 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      if (name === 'inject') found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

describe('no request to itself', () => {
  it('reads every server file, the activity recorder and its module among them', () => {
    expect(files).toContain(RECORDER);
    expect(files.filter((file) => file.startsWith('server/modules/activity/')).length).toBeGreaterThan(3);
  });

  it('finds a call when there is one (the check can fail)', () => {
    expect(injectCalls('probe.ts', '// app.inject(x)\nconst word = "inject(";\nawait app.inject({ method: "GET", url: "/api/x" });')).toEqual(['probe.ts:3']);
  });

  it('the activity recorder, and every other server file, makes no inject call', () => {
    expect(files.flatMap((file) => injectCalls(file))).toEqual([]);
  });
});
