import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { fromRoot, repoFiles } from '../../src/testing/repoFiles';

/**
 * The factory's options and who uses them, read from the source. An option is an optional member
 * (`?:`) of what the factory's three entry points take (a declaration, crudRoutes' binding with its
 * store, tableStore's binding), nested type literals and the factory's own interfaces they name
 * included. A user is a resource (its folder or file name) whose object literal sets the option: a
 * literal passed to declareResource, crudRoutes or tableStore, or returned by a function declared to
 * answer a CrudStore. A map keyed by a union (`guards`: step → guard) is one option, as its keys
 * share one meaning. The factory stays small: at most MAX_OPTIONS options, none set by fewer than
 * two resources (one resource's special case is plain code in its own module). 26 since
 * `importable` (a table's rows brought in as records, set by domains, holidays and properties) joined
 * `bulkEdit` as a declared many-record feature; 27 since a store's `findMany` (a list page's
 * records in one read, for the versions of rows shorter than their record: projects, users, terms,
 * e-mail templates).
 */
const MAX_OPTIONS = 27;
const FACTORY_FILES = [...repoFiles(['server/http', 'server/db']), 'src/shared/resources/define.ts'];
const USER_FILES = repoFiles(['server/modules', 'server/collect', 'src/shared/resources']).filter((file) => file !== 'src/shared/resources/define.ts');
/** Each entry point and which of its parameters is the object a resource writes. */
const ENTRY_POINTS: Record<string, number> = { declareResource: 0, crudRoutes: 2, tableStore: 2 };

const parse = (file: string) => ts.createSourceFile(file, readFileSync(fromRoot(file), 'utf8'), ts.ScriptTarget.Latest, true);
const factory = FACTORY_FILES.map(parse);
const users = USER_FILES.map(parse);

/** The factory's named types (interfaces and aliases), by name. */
const named = new Map<string, ts.InterfaceDeclaration | ts.TypeAliasDeclaration>();
for (const source of factory)
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) named.set(node.name.text, node);
  });

interface Member {
  /** `Owner.path.to.member`, Owner the named type declaring it. */
  key: string;
  optional: boolean;
  type: ts.TypeNode | undefined;
}

const memberName = (name: ts.PropertyName | undefined) => (name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined);

/** The members a type offers: a type literal's, a factory interface's with those it extends, each part of an intersection or union. */
function membersOf(type: ts.Node | undefined, owner: string, seen: Set<ts.Node> = new Set()): Member[] {
  if (!type || seen.has(type)) return [];
  seen.add(type);
  if (ts.isParenthesizedTypeNode(type)) return membersOf(type.type, owner, seen);
  if (ts.isIntersectionTypeNode(type) || ts.isUnionTypeNode(type)) return type.types.flatMap((part) => membersOf(part, owner, seen));
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
    const declaration = named.get(type.typeName.text);
    return declaration ? membersOf(declaration, declaration.name.text, seen) : [];
  }
  if (ts.isTypeAliasDeclaration(type)) return membersOf(type.type, owner, seen);
  const elements = ts.isInterfaceDeclaration(type) || ts.isTypeLiteralNode(type) ? type.members : undefined;
  if (!elements) return [];
  const bases = ts.isInterfaceDeclaration(type) ? (type.heritageClauses ?? []).flatMap((clause) => clause.types.map((base) => named.get(base.expression.getText()))) : [];
  const inherited = bases.flatMap((base) => (base ? membersOf(base, base.name.text, seen) : []));
  const own = elements.flatMap((element): Member[] => {
    const name = memberName(element.name);
    if (!name || !(ts.isPropertySignature(element) || ts.isMethodSignature(element))) return [];
    return [{ key: `${owner}.${name}`, optional: element.questionToken !== undefined, type: ts.isPropertySignature(element) ? element.type : undefined }];
  });
  return [...own, ...inherited];
}

/** A member's own members, named under it: `CrudHooks.scope` → `CrudHooks.scope.sees`. */
function nested(member: Member): Member[] {
  const type = member.type;
  if (type && (ts.isTypeLiteralNode(type) || (ts.isUnionTypeNode(type) && type.types.some(ts.isTypeLiteralNode)))) {
    const [owner, ...rest] = member.key.split('.');
    return membersOf(type, owner).map((inner) => ({ ...inner, key: `${owner}.${[...rest, inner.key.split('.').slice(1).join('.')].join('.')}` }));
  }
  return membersOf(type, '');
}

/** The parameter type of an entry point, read from its declaration. */
function entryType(name: string): ts.TypeNode {
  for (const source of factory)
    for (const statement of source.statements)
      if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) {
        const type = statement.parameters[ENTRY_POINTS[name]]?.type;
        if (type) return type;
      }
  throw new Error(`no function ${name} with a typed parameter ${ENTRY_POINTS[name]} in the factory`);
}

/** Every option (optional member) reachable from the entry points, and every member by key to walk literals. */
const options = new Set<string>();
function collect(members: Member[], seen = new Set<string>()): void {
  for (const member of members) {
    if (seen.has(member.key)) continue;
    seen.add(member.key);
    if (member.optional) options.add(member.key);
    collect(nested(member), seen);
  }
}
for (const name of Object.keys(ENTRY_POINTS)) collect(membersOf(entryType(name), ''));

/** Resource → the options its literals set. */
const usersOf = new Map<string, Set<string>>([...options].map((option) => [option, new Set()]));

const resourceOf = (file: string) =>
  file
    .split('/')
    .at(file.startsWith('src/') ? -1 : 2)!
    .replace(/\.ts$/, '');

/** A name bound to an object literal at the top of one of the user files (a spread's source). */
function literalNamed(name: string): ts.ObjectLiteralExpression | undefined {
  for (const source of users)
    for (const statement of source.statements)
      if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations) {
          let value = declaration.initializer;
          while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value))) value = value.expression;
          if (ts.isIdentifier(declaration.name) && declaration.name.text === name && value && ts.isObjectLiteralExpression(value)) return value;
        }
  return undefined;
}

/** Records the options an object literal sets against the members its type offers, its nested literals too. */
function use(literal: ts.ObjectLiteralExpression, members: Member[], resource: string): void {
  for (const property of literal.properties) {
    if (ts.isSpreadAssignment(property)) {
      const source = ts.isIdentifier(property.expression) ? literalNamed(property.expression.text) : undefined;
      if (source) use(source, members, resource);
      continue;
    }
    const name = memberName(property.name);
    const member = members.find((candidate) => candidate.key.split('.').at(-1) === name);
    if (!member) continue;
    usersOf.get(member.key)?.add(resource);
    const value = ts.isPropertyAssignment(property) ? property.initializer : undefined;
    if (value && ts.isObjectLiteralExpression(value)) use(value, nested(member), resource);
  }
}

const unwrap = (node: ts.Expression): ts.Expression => (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) ? unwrap(node.expression) : node);

/** The object literals a function answers: its expression body, or its own return statements. */
function returned(body: ts.ConciseBody | undefined): ts.ObjectLiteralExpression[] {
  if (!body) return [];
  if (!ts.isBlock(body)) return [unwrap(body)].filter(ts.isObjectLiteralExpression);
  const found: ts.ObjectLiteralExpression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isReturnStatement(node) && node.expression && ts.isObjectLiteralExpression(unwrap(node.expression))) found.push(unwrap(node.expression) as ts.ObjectLiteralExpression);
    else if (!ts.isFunctionLike(node)) node.forEachChild(visit);
  };
  body.forEachChild(visit);
  return found;
}

const calls: string[] = [];
for (const source of users) {
  const resource = resourceOf(source.fileName);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in ENTRY_POINTS) {
      const argument = node.arguments[ENTRY_POINTS[node.expression.text]];
      calls.push(`${node.expression.text} ${resource}`);
      if (argument && ts.isObjectLiteralExpression(unwrap(argument))) use(unwrap(argument) as ts.ObjectLiteralExpression, membersOf(entryType(node.expression.text), ''), resource);
    }
    // A store written by hand: a function declared to answer a CrudStore.
    if ((ts.isFunctionDeclaration(node) || ts.isArrowFunction(node)) && node.type && ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'CrudStore') {
      for (const literal of returned(node.body)) use(literal, membersOf(node.type, ''), resource);
    }
    node.forEachChild(visit);
  };
  visit(source);
}

const table = [...usersOf].sort(([a], [b]) => a.localeCompare(b)).map(([option, who]) => ({ option, users: who.size, resources: [...who].sort().join(', ') }));

describe('the factory’s options', () => {
  it('are read from the source: the entry points, their interfaces and their users', () => {
    // Printed so a run shows the factory's size and who uses each option.
    console.log(
      `The factory's ${table.length} options and the resources that set them:\n${table.map(({ option, users, resources }) => `  ${option.padEnd(34)} ${String(users).padStart(2)}  ${resources}`).join('\n')}`,
    );
    expect(options).toContain('CrudHooks.check');
    expect(options).toContain('CrudStore.find');
    expect(options).toContain('ResourceDeclaration.list.search');
    expect(calls).toContain('crudRoutes holidays');
    expect(calls).toContain('declareResource holidays');
    expect(calls).toContain('tableStore domains');
    expect(usersOf.get('CrudStore.find')).toContain('projects');
  });

  it(`are at most ${MAX_OPTIONS}`, () => {
    expect(table.length).toBeLessThanOrEqual(MAX_OPTIONS);
  });

  it('are each set by at least two resources (one resource’s special case is plain code in its module)', () => {
    expect(table.filter(({ users }) => users < 2)).toEqual([]);
  });
});
