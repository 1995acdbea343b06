import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueMessage, msg, VALIDATION_MESSAGE_KEYS } from '../../src/shared/validation-messages';
import { schemaEn } from '../../src/i18n/schema.en';
import { schemaKo } from '../../src/i18n/schema.ko';
import { fromRoot, repoFiles } from '../../src/testing/repoFiles';

/**
 * Validation messages are keys (src/shared/validation-messages.ts), worded in the catalogue: every
 * key has English and Korean words naming the same values, every key is used, and no shared schema
 * writes a message of its own words.
 */
const root = path.resolve(__dirname, '../..');

const names = (words: string) => [...words.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('validation message keys', () => {
  it('each has English and Korean words that name the same values', () => {
    expect(Object.keys(schemaEn).sort()).toEqual([...VALIDATION_MESSAGE_KEYS].sort());
    const problems = VALIDATION_MESSAGE_KEYS.flatMap((key) => {
      const english = schemaEn[key];
      const korean = schemaKo[key];
      if (!english?.trim()) return [`${key}: no English`];
      if (!/[\uac00-\ud7a3]/.test(korean ?? '')) return [`${key}: no Korean`];
      return names(english).join() === names(korean).join() ? [] : [`${key}: ${names(english).join()} ≠ ${names(korean).join()}`];
    });
    expect(problems).toEqual([]);
  });

  it('each is used by a schema, a server check or the issue kinds', () => {
    const code = repoFiles(['src', 'server'])
      .map((file) => readFileSync(fromRoot(file), 'utf8'))
      .join('\n');
    const kinds = readFileSync(path.join(root, 'src/shared/validation-messages.ts'), 'utf8').split('function issueKind')[1];
    expect(VALIDATION_MESSAGE_KEYS.filter((key) => !new RegExp(`\\bmsg\\.${key}\\b`).test(code) && !kinds.includes(`'${key}'`))).toEqual([]);
  }, 60_000);

  it('a zod issue becomes its schema key, or the kind of problem by issue code, with the bound as a param', () => {
    const schema = z.object({ name: z.string().max(3, msg.atMostCharacters), code: z.string().max(2), tags: z.array(z.string()).min(2) });
    const parsed = schema.safeParse({ name: 'long', code: 'abc', tags: [] });
    expect(parsed.error!.issues.map(issueMessage)).toEqual([
      { message: 'atMostCharacters', params: { maximum: 3 } },
      { message: 'tooLong', params: { maximum: 2 } },
      { message: 'tooFew', params: { minimum: 2 } },
    ]);
  });
});

/**
 * Where zod takes a message: the argument of a check (`.min(1, m)`, `.regex(re, m)`, `z.enum(v, m)`,
 * `.refine(f, m)`, `z.uuid(m)`…), or a `message` / `error` property (`addIssue({message})`,
 * `{ message }` options). A string there is a literal message; a key is `msg.<key>` or a helper's
 * parameter typed as a key.
 */
const MESSAGE_SECOND = new Set(['min', 'max', 'length', 'gte', 'lte', 'gt', 'lt', 'multipleOf', 'regex', 'refine', 'enum', 'startsWith', 'endsWith', 'includes']);
const MESSAGE_FIRST = new Set([
  'int',
  'email',
  'url',
  'uuid',
  'nonempty',
  'positive',
  'nonnegative',
  'negative',
  'nonpositive',
  'string',
  'number',
  'boolean',
  'datetime',
  'date',
  'time',
  'finite',
  'safe',
]);

function isWords(node: ts.Node): boolean {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node) || (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken);
}

/** Each literal message in a file, as `file:line text`. */
function literalMessages(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node) => found.push(`${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.getText()}`);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      // `.startsWith('x')` and the like take a value first: only the message after it counts.
      const at = MESSAGE_SECOND.has(method) ? 1 : MESSAGE_FIRST.has(method) ? 0 : -1;
      const argument = at >= 0 ? node.arguments[at] : undefined;
      if (argument && isWords(argument)) report(argument);
    }
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && ['message', 'error'].includes(node.name.text) && isWords(node.initializer)) report(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('shared schemas', () => {
  it('name every message by its key, never in words', () => {
    const found = repoFiles('src/shared').flatMap((file) => literalMessages(fromRoot(file), readFileSync(fromRoot(file), 'utf8')));
    expect(found).toEqual([]);
  }, 60_000);

  it('the check finds a literal message in each place zod takes one', () => {
    const sample = [
      "z.string().min(1, 'Enter it.')",
      'z.string().max(9, `At most ${9}.`)',
      "z.enum(['A'], 'Choose A.')",
      "z.uuid('Not an id.')",
      "ctx.addIssue({ code: 'custom', message: 'Twice.' })",
      "z.number({ error: 'A number.' })",
      "z.string().regex(/x/, msg.format).startsWith('x')",
    ].join(';\n');
    expect(literalMessages(path.join(root, 'sample.ts'), sample).map((line) => line.split(' ').slice(1).join(' '))).toEqual([
      "'Enter it.'",
      '`At most ${9}.`',
      "'Choose A.'",
      "'Not an id.'",
      "'Twice.'",
      "'A number.'",
    ]);
  });

  it('reach a screen only in words: no screen reads a zod issue’s message, which is a key', () => {
    const raw = /issues\[\d+\]\??\.message|issues\.find\([^;]*\)\??\.message|\bissue\??\.message/;
    const screens = repoFiles('src').filter((file) => !file.startsWith('src/shared/') && !file.endsWith('validationMessage.ts'));
    expect(screens.length).toBeGreaterThan(200);
    expect(screens.filter((file) => raw.test(readFileSync(fromRoot(file), 'utf8')))).toEqual([]);
  });
});
