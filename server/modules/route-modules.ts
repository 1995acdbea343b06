import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';

const SERVER_DIR = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * The folders whose sub-folders are route modules: the resources (server/modules) and the collect
 * domain's resources (server/collect), whose engine folder is no route module.
 */
const ROUTE_AREAS: readonly { area: string; notModules: readonly string[] }[] = [
  { area: 'modules', notModules: [] },
  { area: 'collect', notModules: ['jobs'] },
];

/** `market-accounts` → `marketAccountsModule`: the function a module folder's index.ts exports. */
export const moduleExportName = (folder: string) => `${folder.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())}Module`;

/** Every route module folder, as `<area>/<name>`, areas in order and names in name order. */
export const moduleFolders = (): string[] =>
  ROUTE_AREAS.flatMap(({ area, notModules }) =>
    readdirSync(join(SERVER_DIR, area), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !notModules.includes(entry.name))
      .map((entry) => `${area}/${entry.name}`)
      .sort(),
  );

let loaded: Promise<FastifyPluginAsync[]> | undefined;

/**
 * Every route module found by folder: server/modules/<name>/index.ts (and server/collect/<name>)
 * exporting `<name in camelCase>Module`. A new module is a new folder; no list to edit. A folder
 * without that export fails the start, so a misnamed module is never silently left out. Imported
 * once per process and before registering (app.ts), so the imports do not count against Fastify's
 * plugin start timeout.
 */
export function loadRouteModules(): Promise<FastifyPluginAsync[]> {
  loaded ??= Promise.all(
    moduleFolders().map(async (folder) => {
      const name = folder.split('/')[1];
      const exports = (await import(pathToFileURL(join(SERVER_DIR, folder, 'index.ts')).href)) as Record<string, unknown>;
      const plugin = exports[moduleExportName(name)];
      if (typeof plugin !== 'function') throw new Error(`server/${folder}/index.ts must export ${moduleExportName(name)}`);
      return plugin as FastifyPluginAsync;
    }),
  );
  return loaded;
}
