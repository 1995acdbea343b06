import type { ResourceDeclaration } from '../shared/resources/define';

/**
 * The declarations (src/shared/resources/<name>.ts), found by folder as the server finds them, for the
 * saved views; loaded only when a view is opened, as their schemas would load zod into the first screen.
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
