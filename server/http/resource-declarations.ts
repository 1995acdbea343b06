import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ResourceDeclaration } from '../../src/shared/resources/define';

const DECLARATIONS_DIR = fileURLToPath(new URL('../../src/shared/resources/', import.meta.url));

/**
 * Every declaration in src/shared/resources (an export named <name>Resource), found by folder as
 * the label files are (resource-labels.ts): for what is built from all of them, such as the
 * resource table of docs/api.md.
 */
async function declaredResources(): Promise<ResourceDeclaration[]> {
  const files = readdirSync(DECLARATIONS_DIR).filter((file) => file.endsWith('.ts') && file !== 'define.ts');
  const modules = await Promise.all(files.map(async (file) => (await import(pathToFileURL(join(DECLARATIONS_DIR, file)).href)) as Record<string, unknown>));
  return modules
    .flatMap((exports) => Object.entries(exports).filter(([name]) => name.endsWith('Resource') && name !== 'declareResource'))
    .map(([, declaration]) => declaration as ResourceDeclaration)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The declarations, read once when the server starts (the await is the module's own, as resource-labels.ts's). */
export const declarations = await declaredResources();
