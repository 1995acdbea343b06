import { useSyncExternalStore } from 'react';
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

const loading = new Map<string, Promise<ResourceDeclaration | null>>();
const loaded = new Map<string, ResourceDeclaration | null>();

/**
 * A resource's declaration, loaded once per name; null for a resource none declares, or a file that
 * failed to load (a list then offers nothing its declaration would add, rather than failing).
 */
export function declarationOf(name: string): Promise<ResourceDeclaration | null> {
  let declaration = loading.get(name);
  if (!declaration) {
    declaration = loadDeclaration(name)
      .catch(() => null)
      .then((found) => {
        loaded.set(name, found);
        return found;
      });
    loading.set(name, declaration);
  }
  return declaration;
}

/**
 * The declaration of `resource` once its file has loaded, undefined until then. Read as an external
 * store, not under Suspense: a screen never waits for it, nor does a navigation (a router's
 * transition would hold the next screen until a suspended toolbar button had its file).
 */
export function useDeclaration(resource: string | undefined): ResourceDeclaration | null | undefined {
  return useSyncExternalStore(
    (changed) => {
      if (resource !== undefined && !loaded.has(resource)) void declarationOf(resource).then(changed);
      return () => undefined;
    },
    () => (resource === undefined ? undefined : loaded.get(resource)),
  );
}
