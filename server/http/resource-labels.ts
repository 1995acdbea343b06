import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { collectResourceLabels, type LabelLanguage, type ResourceLabels } from '../../src/i18n/resourceLabels';

const LABELS_DIR = fileURLToPath(new URL('../../src/i18n/resources/', import.meta.url));

/** The folder's label files in one language, imported: the browser's index.<language>.ts collects the same files with Vite's glob, which the server has not. */
async function labelsIn(language: LabelLanguage): Promise<ResourceLabels> {
  const files = readdirSync(LABELS_DIR).filter((file) => file.endsWith(`.${language}.ts`) && file !== `index.${language}.ts`);
  const modules = await Promise.all(files.map(async (file) => [`./${file}`, (await import(pathToFileURL(join(LABELS_DIR, file)).href)) as Record<string, unknown>] as const));
  return collectResourceLabels(Object.fromEntries(modules), language);
}

/**
 * Every resource's labels and, in Korean, the nouns of the server's messages, read from
 * src/i18n/resources when the server starts. The await is the module's own, so nothing that imports
 * these can use them before they are read.
 */
export const [resourceLabelsEn, resourceLabelsKo] = await Promise.all([labelsIn('en'), labelsIn('ko')]);
