import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';

const MODULES_DIR = dirname(fileURLToPath(import.meta.url));

/** `market-accounts` → `marketAccountsModule`: the function a module folder's index.ts exports. */
export const moduleExportName = (folder: string) => `${folder.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())}Module`;

/** Every folder under server/modules, in name order. */
export const moduleFolders = (): string[] =>
  readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

let loaded: Promise<FastifyPluginAsync[]> | undefined;

/**
 * Every route module found by folder: server/modules/<name>/index.ts exporting `<name in
 * camelCase>Module`. A new module is a new folder; no list to edit. A folder without that export
 * fails the start, so a misnamed module is never silently left out. Imported once per process and
 * before registering (app.ts), so the imports do not count against Fastify's plugin start timeout.
 */
export function loadRouteModules(): Promise<FastifyPluginAsync[]> {
  loaded ??= Promise.all(
    moduleFolders().map(async (folder) => {
      const exports = (await import(pathToFileURL(join(MODULES_DIR, folder, 'index.ts')).href)) as Record<string, unknown>;
      const plugin = exports[moduleExportName(folder)];
      if (typeof plugin !== 'function') throw new Error(`server/modules/${folder}/index.ts must export ${moduleExportName(folder)}`);
      return plugin as FastifyPluginAsync;
    }),
  );
  return loaded;
}
