import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

const MODULES_DIR = dirname(fileURLToPath(import.meta.url));

/** `market-accounts` → `marketAccountsModule`: the function a module folder's index.ts exports. */
export const moduleExportName = (folder: string) => `${folder.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())}Module`;

/** Every folder under server/modules, in name order. */
export const moduleFolders = (): string[] =>
  readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/**
 * Registers every route module found by folder: server/modules/<name>/index.ts exporting
 * `<name in camelCase>Module`. A new module is a new folder; no list to edit. A folder without that
 * export fails the start, so a misnamed module is never silently left out.
 */
export async function registerRouteModules(api: FastifyInstance): Promise<void> {
  for (const folder of moduleFolders()) {
    const exports = (await import(pathToFileURL(join(MODULES_DIR, folder, 'index.ts')).href)) as Record<string, unknown>;
    const plugin = exports[moduleExportName(folder)];
    if (typeof plugin !== 'function') throw new Error(`server/modules/${folder}/index.ts must export ${moduleExportName(folder)}`);
    await api.register(plugin as FastifyPluginAsync);
  }
}
