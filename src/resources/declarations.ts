import type { ResourceDeclaration } from '../shared/resources/define';

/**
 * The declarations (src/shared/resources/<name>.ts), found by folder as the server finds them; each
 * file is loaded only when a list asks for it, as their schemas would load zod into the first screen.
 */
const declarationFiles = import.meta.glob<Record<string, unknown>>(['../shared/resources/*.ts', '!../shared/resources/define.ts']);

const isDeclaration = (value: unknown): value is ResourceDeclaration =>
  typeof value === 'object' && value !== null && typeof (value as ResourceDeclaration).name === 'string' && typeof (value as ResourceDeclaration).list?.filters === 'object';

const declarationsIn = (exports: Record<string, unknown>) => Object.values(exports).filter(isDeclaration);

let all: Promise<ResourceDeclaration[]> | undefined;

/** Every declaration. */
export function loadDeclarations(): Promise<ResourceDeclaration[]> {
  all ??= Promise.all(Object.values(declarationFiles).map((load) => load())).then((modules) => modules.flatMap(declarationsIn));
  return all;
}

/** A resource's declaration, from its own file (each is named after its resource: tests/api/resource-declarations.spec.ts); null for a resource none declares. */
export async function loadDeclaration(name: string): Promise<ResourceDeclaration | null> {
  const load = declarationFiles[`../shared/resources/${name}.ts`];
  return (load && declarationsIn(await load()).find((declaration) => declaration.name === name)) ?? null;
}

const loaded = new Map<string, Promise<ResourceDeclaration | null>>();

/**
 * A resource's declaration, the same promise on every call for one name (React's `use` reads it
 * under a Suspense boundary); null for a resource none declares, or a file that failed to load (the
 * list then offers nothing its declaration would add, rather than failing).
 */
export function declarationOf(name: string): Promise<ResourceDeclaration | null> {
  let declaration = loaded.get(name);
  if (!declaration) loaded.set(name, (declaration = loadDeclaration(name).catch(() => null)));
  return declaration;
}
