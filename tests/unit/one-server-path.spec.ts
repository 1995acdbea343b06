import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoFiles } from '../../src/testing/repoFiles';

/**
 * A screen calls the server one way. Reads are `useApiRead`, writes `useApiWrite`
 * (src/components/useApi.ts), both over the data provider's methods. Every source file of the
 * screens (src/resources, src/pages, src/profile, src/layout, and src/components but the hooks
 * themselves; specs left out) is read, and none may:
 * - import react-query's useQuery / useMutation, or the HTTP client, itself;
 * - keep a pending flag of its own (`const [pending, setPending] = useState(false)`);
 * - fetch in an effect (`useEffect(() => { api.x().then(…) })`);
 * - reach the data provider by hand (useConsoleDataProvider).
 * No file is let off: what a screen needs beyond a plain read or write (upload progress, a
 * renewal timer, cancelling a render the reader has typed past, a form input's file upload) is
 * an option of the two hooks or a hook built on them (src/components/useFileUpload.ts).
 */
const root = path.resolve(__dirname, '../..');
// The components screens are built from (code steps, retention forms, file inputs) count as screens.
const SCREEN_FOLDERS = ['src/resources', 'src/pages', 'src/profile', 'src/layout', 'src/components'];
/** The two hooks themselves, the one file that reaches react-query and the data provider. */
const THE_HOOKS = 'src/components/useApi.ts';

const files = repoFiles(SCREEN_FOLDERS).filter((file) => file !== THE_HOOKS);

const PENDING_SETTER = /^set(Busy|Pending|Saving|Sending|Submitting|Loading|Running|Working)$/;
const HOOKS_OF_THEIR_OWN = new Set(['useQuery', 'useMutation']);

/** Each way a file calls the server other than through the two hooks, as `file: what`. */
function handWrittenCalls(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node, inEffect: boolean) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      const bindings = node.importClause?.namedBindings;
      const names = bindings && ts.isNamedImports(bindings) ? bindings.elements.map((element) => (element.propertyName ?? element.name).text) : [];
      if ((from === '@tanstack/react-query' || from === 'react-admin') && names.some((name) => HOOKS_OF_THEIR_OWN.has(name))) found.push(`${file}: imports ${from}'s useQuery/useMutation`);
      if (from.endsWith('providers/httpClient') && !node.importClause?.isTypeOnly) found.push(`${file}: imports the HTTP client`);
    }
    if (
      ts.isVariableDeclaration(node) &&
      ts.isArrayBindingPattern(node.name) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      node.initializer.expression.getText(source) === 'useState'
    ) {
      const setter = node.name.elements[1];
      if (setter && ts.isBindingElement(setter) && ts.isIdentifier(setter.name) && PENDING_SETTER.test(setter.name.text)) found.push(`${file}: a pending flag of its own (${setter.name.text})`);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      if (callee === 'useConsoleDataProvider') found.push(`${file}: calls the data provider by hand`);
      // `import(…).then` in an effect loads code (a library on first use), not data.
      const loadsCode = ts.isPropertyAccessExpression(node.expression) && ts.isCallExpression(node.expression.expression) && node.expression.expression.expression.kind === ts.SyntaxKind.ImportKeyword;
      if (inEffect && !loadsCode && ts.isPropertyAccessExpression(node.expression) && ['then', 'catch'].includes(node.expression.name.text))
        found.push(`${file}: fetches in an effect (.${node.expression.name.text})`);
      if (callee === 'useEffect' || callee === 'useLayoutEffect') {
        node.arguments.forEach((argument) => visit(argument, true));
        return;
      }
    }
    ts.forEachChild(node, (child) => visit(child, inEffect));
  };
  visit(source, false);
  return found;
}

describe('one way to call the server from a screen', { timeout: 60_000 }, () => {
  it('reads every screen file', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain('src/resources/users/RejectButton.tsx');
    expect(files).toContain('src/components/useFileUpload.ts');
  });

  it('finds each hand-written pattern (the check itself works)', () => {
    const sample = [
      "import { useQuery } from '@tanstack/react-query';",
      "import { httpClient } from '../../providers/httpClient';",
      'const [busy, setBusy] = useState(false);',
      'useEffect(() => { api.getThing().then(setThing); }, []);',
      "useEffect(() => { import('library').then(setLibrary); }, []);",
      'const dataProvider = useConsoleDataProvider();',
    ].join('\n');
    expect(handWrittenCalls('x.tsx', sample)).toEqual([
      "x.tsx: imports @tanstack/react-query's useQuery/useMutation",
      'x.tsx: imports the HTTP client',
      'x.tsx: a pending flag of its own (setBusy)',
      'x.tsx: fetches in an effect (.then)',
      'x.tsx: calls the data provider by hand',
    ]);
  });

  it('no screen fetches, keeps a pending flag or reaches the data provider by hand', () => {
    expect(files.flatMap((file) => handWrittenCalls(file, readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
  });
});
