import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';

/**
 * What the first signed-in screen runs: react-admin's <Admin> (App), the frame with the resources'
 * English labels, and the project list at `/`. Each is loaded lazily from the sign-in page; left
 * to automatic splitting, the modules they share with the other screens came as some ninety small
 * chunks. The screens behind the menu and whatever these load on demand (dialogs, Korean) stay
 * chunks of their own.
 */
const FIRST_SCREEN = ['src/App.tsx', 'src/layout/ConsoleLayout.tsx', 'src/i18n/resources/index.en.ts', 'src/resources/projects/ProjectList.tsx'].map((path) =>
  fileURLToPath(new URL(`../${path}`, import.meta.url)),
);

/** The modules statically reachable from FIRST_SCREEN, per chunking pass (keyed by its module info of App). */
const reachable = new WeakMap<Rolldown.ModuleInfo, Set<string>>();

function firstScreenModules(ctx: Rolldown.ChunkingContext): Set<string> | undefined {
  const app = ctx.getModuleInfo(FIRST_SCREEN[0]);
  if (!app) return undefined;
  let modules = reachable.get(app);
  if (!modules) {
    modules = new Set();
    const queue = [...FIRST_SCREEN];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (modules.has(id)) continue;
      modules.add(id);
      // The walk stays in src/: a package's index imports every component it offers, and those with
      // side effects (RichTextField's dompurify) would come along unused. The group adds the package
      // code these modules use, after tree-shaking (Rolldown's includeDependenciesRecursively).
      queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []).filter((next) => !next.includes('/node_modules/')));
    }
    reachable.set(app, modules);
  }
  return modules;
}

/** Rolldown's group name for a module: `signed-in` for the first screen's, none (automatic) otherwise. */
export function firstScreenChunk(moduleId: string, ctx: Rolldown.ChunkingContext): string | null {
  return firstScreenModules(ctx)?.has(moduleId) ? 'signed-in' : null;
}
